/**
 * Key verification answers from memory (server/resources/verify/key-verifier.ts), unknown keys
 * included, so a client that keeps sending a wrong key costs no query each time. A flood of
 * made-up keys must not push the real keys out of memory: each of their calls would then cost a
 * query again, which is what the flood's sender wants.
 */
import { hash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { cacheSet } from '../../server/db/cache'
import type { Database, Queryable } from '../../server/db/index'
import { keyVerifier } from '../../server/resources/verify/key-verifier'

/**
 * A database holding `secrets` as keys, listening at once, that counts the look-ups of keys
 * (and answers every other statement, the usage counts' writes, with no rows).
 */
function keyDatabase(secrets: string[]) {
  const rows = new Map(
    secrets.map((secret, i) => [
      hash('sha256', secret),
      { id: `key_${i}`, project_id: 'prj_1', name: `key ${i}`, expires_at: null, last_used_at: new Date(), scopes: null, allowed_ips: [], mode: 'live' },
    ]),
  )
  const counted = { lookUps: 0 }
  const q: Queryable = {
    query: async <T>(sql: string, params: readonly unknown[] = []) => {
      if (!sql.includes('FROM api_keys WHERE key_hash')) return [] as T[]
      counted.lookUps++
      const row = rows.get(params[0] as string)
      return (row ? [row] : []) as T[]
    },
    exec: async () => {},
  }
  const db = {
    kind: 'postgres',
    ...q,
    transaction: (fn: (tx: Queryable) => Promise<unknown>) => fn(q),
    listen: async () => async () => {},
    notify: async () => {},
    close: async () => {},
  } as unknown as Database
  return { db, counted }
}

describe('the key verifier’s memory', () => {
  it('still answers the real keys without a query after 20,000 verifications of unknown keys', async () => {
    const real = Array.from({ length: 100 }, (_, i) => `real-key-${i}`)
    const { db, counted } = keyDatabase(real)
    const caches = cacheSet(db)
    const verifier = keyVerifier(caches, db, Date.now, () => {})
    try {
      // Once the LISTEN is in place a real key's answer is kept: asked again, it makes no look-up.
      await expect
        .poll(async () => {
          await verifier.verify(real[0])
          const before = counted.lookUps
          await verifier.verify(real[0])
          return counted.lookUps === before
        })
        .toBe(true)
      for (const key of real) expect((await verifier.verify(key)).valid).toBe(true)

      for (let i = 0; i < 20_000; i++) expect((await verifier.verify(`made-up-${i}`)).valid).toBe(false)

      const before = counted.lookUps
      for (const key of real) expect((await verifier.verify(key)).valid).toBe(true)
      expect(counted.lookUps - before).toBe(0)
      // The latest unknown keys are still answered from memory too.
      expect((await verifier.verify('made-up-19999')).valid).toBe(false)
      expect(counted.lookUps - before).toBe(0)
    } finally {
      await verifier.close()
      await caches.stop()
    }
  })
})
