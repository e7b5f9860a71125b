import type { Database, Queryable } from '../../db/index'

/**
 * request_logs' partitions, one per UTC day (request_logs_YYYYMMDD, holding
 * [day, day + 1)). They are made ahead: by the ingest for the days a batch
 * names, and by the retention job for today and tomorrow; retention drops a
 * day's partition once all of it is past REQUEST_LOG_RETENTION_DAYS.
 */

export const DAY_MS = 86_400_000
// Any constant of this server's: creating partitions takes turns across instances.
const PARTITION_LOCK = 4_711_022
const NAME = /^request_logs_(\d{4})(\d{2})(\d{2})$/

/** The start of the UTC day holding `ms`. */
export const dayStart = (ms: number) => ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS)

const partitionName = (day: number) => `request_logs_${new Date(day).toISOString().slice(0, 10).replaceAll('-', '')}`
const isoDay = (day: number) => new Date(day).toISOString().slice(0, 10)

/** The days (their starts) that have a partition, and each one's table. */
export async function partitionDays(q: Queryable): Promise<Map<number, string>> {
  const rows = await q.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'request_logs'::regclass`,
  )
  const days = new Map<number, string>()
  for (const { name } of rows) {
    const m = NAME.exec(name)
    if (m) days.set(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])), name)
  }
  return days
}

/**
 * Remembers the partitions this app has seen, so a batch whose days all have
 * one (nearly every batch) costs no statement; a missing one is made in its
 * own short transaction (it locks request_logs for a moment), one instance
 * at a time.
 */
export function partitionKeeper(db: Database) {
  const known = new Set<number>()
  async function ensure(days: Iterable<number>): Promise<void> {
    const missing = [...new Set(days)].filter((d) => !known.has(d))
    if (missing.length === 0) return
    await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [PARTITION_LOCK])
      const have = await partitionDays(tx)
      for (const day of missing) {
        if (have.has(day)) continue
        // The name and bounds come from a number, never from input: nothing to escape.
        await tx.exec(
          `CREATE TABLE ${partitionName(day)} PARTITION OF request_logs FOR VALUES FROM ('${isoDay(day)}T00:00:00Z') TO ('${isoDay(day + DAY_MS)}T00:00:00Z')`,
        )
      }
    })
    for (const day of missing) known.add(day)
  }
  /** Drops the partitions wholly older than `cutoff` (ms), and forgets them; resolves with how many went. */
  async function dropBefore(cutoff: number): Promise<number> {
    return db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [PARTITION_LOCK])
      let dropped = 0
      for (const [day, name] of await partitionDays(tx)) {
        if (day + DAY_MS > cutoff) continue
        await tx.exec(`DROP TABLE IF EXISTS ${name}`)
        known.delete(day)
        dropped++
      }
      return dropped
    })
  }
  /** After an insert found no partition (another instance dropped one this app knew): look again next time. */
  const forget = () => known.clear()
  return { ensure, dropBefore, forget }
}

export type PartitionKeeper = ReturnType<typeof partitionKeeper>
