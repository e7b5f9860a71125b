import { PGlite } from '@electric-sql/pglite'
import { lockDataDir } from './data-dir-lock'
import type { Database, Queryable, Row } from './index'

/**
 * PGlite's own start parameters without `-F`, the flag that turns fsync off.
 * Measured, fsync on costs nothing visible (0.4–1.2 ms per single-row commit
 * either way, within this machine's noise: bench/durability.ts) — because
 * PGlite's Node file layer has no fsync, so no sync reaches the disk yet
 * (strace shows none). It is on so that commits are synced the day PGlite
 * passes the call through; until then an OS crash or power cut can lose
 * acknowledged writes (README: durability). Undefined if PGlite stops
 * exposing its defaults: it then runs as it chooses.
 */
const defaults = (PGlite as unknown as { defaultStartParams?: unknown }).defaultStartParams
export const FSYNC_START_PARAMS = Array.isArray(defaults) ? defaults.filter((p): p is string => typeof p === 'string' && p !== '-F') : undefined

/** How often the embedded database is vacuumed (VACUUM_ANALYZE_EVERY of those runs also analyze it). */
export const VACUUM_EVERY_MS = 10 * 60 * 1000
const VACUUM_ANALYZE_EVERY = 6

/**
 * Embedded PostgreSQL (WebAssembly) in a folder. It has a single connection
 * and runs queries and transactions one at a time, so a transaction here is
 * already serialised with everything else.
 */
export async function openPglite(dataDir: string, { vacuumEveryMs = VACUUM_EVERY_MS }: { vacuumEveryMs?: number } = {}): Promise<Database> {
  const unlock = await lockDataDir(dataDir)
  let pg: PGlite
  try {
    pg = await PGlite.create({ dataDir, ...(FSYNC_START_PARAMS ? { startParams: FSYNC_START_PARAMS } : {}) })
  } catch (err) {
    await unlock()
    throw err
  }
  const db = pgliteDatabase(pg, unlock)
  const stop = vacuumRegularly(db, vacuumEveryMs)
  return {
    ...db,
    close: async () => {
      await stop()
      await db.close()
    },
  }
}

/**
 * PGlite runs PostgreSQL in single-user mode, where no autovacuum runs.
 * Measured: 100 rows updated 2,000 times grew their table to 5.6 MB and its
 * index to 1.4 MB, and the transaction ids' age only grows towards
 * wraparound; every rate-limit counter, lease and webhook outcome is such an
 * update. So the process vacuums it itself: VACUUM every `everyMs` (27–76 ms
 * on a 200,000-row database with nothing to clean, 195 ms after 20,000
 * scattered updates), with ANALYZE every VACUUM_ANALYZE_EVERY runs for the
 * planner's statistics (about 250 ms more there). Each is queued like any
 * statement, so it holds up requests for as long as it takes. The returned
 * function stops it, once a run in progress is done.
 */
function vacuumRegularly(db: Database, everyMs: number): () => Promise<void> {
  let runs = 0
  let running: Promise<void> | undefined
  const timer = setInterval(() => {
    if (running) return
    const sql = ++runs % VACUUM_ANALYZE_EVERY === 0 ? 'VACUUM (ANALYZE)' : 'VACUUM'
    running = db
      .query(sql)
      .then(() => undefined)
      .catch((err: Error) => console.error(`database: ${sql} failed: ${err.message}`))
      .finally(() => (running = undefined))
  }, everyMs)
  timer.unref()
  return async () => {
    clearInterval(timer)
    await running
  }
}

/** The Database interface over an open PGlite; `afterClose` runs once it is closed. */
export function pgliteDatabase(pg: PGlite, afterClose: () => Promise<void> = async () => {}): Database {
  /** The listeners that notify() calls, by channel. */
  const direct = new Map<string, Set<(payload: string) => void>>()
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      return (await q.query<T>(sql, [...params])).rows
    },
    async exec(sql: string) {
      await q.exec(sql)
    },
  })
  return {
    kind: 'pglite',
    ...wrap(pg),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    // One process, one connection: nothing can be missed, so no reset.
    listen: async (channel, onMessage) => {
      const stop = await pg.listen(channel, onMessage)
      let mine = direct.get(channel)
      if (!mine) direct.set(channel, (mine = new Set()))
      mine.add(onMessage)
      return async () => {
        mine.delete(onMessage)
        if (!pg.closed) await stop()
      }
    },
    notify: async (channel, payload = '') => {
      for (const onMessage of [...(direct.get(channel) ?? [])]) onMessage(payload)
    },
    close: async () => {
      if (pg.closed) return
      await pg.close()
      await afterClose()
    },
  }
}
