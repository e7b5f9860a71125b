import type { Database } from '../../server/db/index'

/**
 * A database whose next health query (`SELECT 1`, once armed) waits until
 * released: an in-flight request the test controls, for the drain and close
 * tests. Later queries pass straight through.
 */
export function gated(db: Database) {
  let release!: () => void
  let entered!: () => void
  const released = new Promise<void>((r) => (release = r))
  const inside = new Promise<void>((r) => (entered = r))
  let armed = false
  const wrapped: Database = {
    ...db,
    async query(sql, params) {
      if (armed && sql === 'SELECT 1') {
        armed = false
        entered()
        await released
      }
      return db.query(sql, params)
    },
  }
  return { db: wrapped, arm: () => (armed = true), inside, release }
}
