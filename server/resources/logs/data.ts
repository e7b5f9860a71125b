import type { z } from 'zod'
import type { LogEntryView, LogLookup, LogQuery } from '../../../contract/logs'
import type { Queryable } from '../../db/index'
import { addToHours, hourSpan, hourly, type Inserted } from './hours'
import { DAY_MS, dayStart } from './partitions'

/** All SQL of request_logs (migration 022), but its partitions' (partitions.ts); its hourly rollups are hours.ts's. */

/** An entry checked by the contract's schema: the route already cut, the method in capitals, the duration whole. */
export interface CheckedEntry {
  requestId: string
  keyId: string
  method: string
  route: string
  status: number
  durationMs: number
  at: Date
  ip?: string
}

export interface Stored {
  /** Entries whose key exists: stored now, or already held. */
  known: number
  /** Stored by this call. */
  inserted: number
}

/** An inserted row as the statement hands it back: project, key, at, status, duration, method. */
type InsertedTuple = [string, string, string, number, number, string]

/**
 * Stores a batch in one transaction: the entries whose key exists go in
 * (once: a re-sent one conflicts and is skipped), and the rows actually
 * inserted are added to their hour's rollup, so the two never disagree and a
 * crash keeps both or neither.
 */
export async function storeEntries(tx: Queryable, entries: readonly CheckedEntry[]): Promise<Stored> {
  const col = <T>(f: (e: CheckedEntry) => T) => entries.map(f)
  // The batch's projects first, in id order, then their keys, as a project's deletion takes them (its project, then
  // its keys by cascade, in an order of the plan's choosing): a batch of several keys that held one the deletion
  // then needed, while it waited for another the deletion held, would end one of the two as a deadlock.
  await tx.query('SELECT 1 FROM projects WHERE id IN (SELECT project_id FROM api_keys WHERE id = ANY($1::text[])) ORDER BY id FOR KEY SHARE', [
    [...new Set(col((e) => e.keyId))],
  ])
  const [row] = await tx.query<{ known: string | number; inserted: InsertedTuple[] | string }>(
    // The batch's keys are share-locked until it commits: a project (and its keys) deleted meanwhile waits for the
    // batch, so the purge after it finds these entries by their rollups; without the lock the deletion went
    // ahead, the purge could miss rows not yet committed, and they stayed until their partition aged out.
    // Rows go in the unique index's order: two batches holding the same entries in other orders (on two
    // instances) then wait for each other instead of deadlocking.
    `WITH keys AS (
       SELECT id, project_id FROM api_keys WHERE id = ANY($2::text[]) FOR KEY SHARE
     ), batch AS (
       SELECT k.project_id, u.key_id, u.request_id, u.at, u.method, u.route, u.status, u.duration_ms, u.ip
       FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::text[], $5::text[], $6::smallint[], $7::int[], $8::text[])
            AS u(request_id, key_id, at, method, route, status, duration_ms, ip)
       JOIN keys k ON k.id = u.key_id
     ), ins AS (
       INSERT INTO request_logs (project_id, key_id, request_id, at, method, route, status, duration_ms, ip)
       SELECT * FROM batch ORDER BY request_id, project_id, at
       ON CONFLICT DO NOTHING
       RETURNING project_id, key_id, at, status, duration_ms, method
     )
     SELECT (SELECT count(*) FROM batch) AS known,
            COALESCE((SELECT json_agg(json_build_array(project_id, key_id, at, status, duration_ms, method)) FROM ins), '[]') AS inserted`,
    [
      col((e) => e.requestId),
      col((e) => e.keyId),
      col((e) => e.at.toISOString()),
      col((e) => e.method),
      col((e) => e.route),
      col((e) => e.status),
      col((e) => e.durationMs),
      col((e) => e.ip ?? null),
    ],
  )
  // Both drivers parse a json column; text is read too, should one not.
  const tuples: InsertedTuple[] = typeof row.inserted === 'string' ? (JSON.parse(row.inserted) as InsertedTuple[]) : row.inserted
  const inserted = tuples.map(([project_id, key_id, at, status, duration_ms, method]): Inserted => ({ project_id, key_id, at, status, duration_ms, method }))
  await addToHours(tx, inserted)
  return { known: Number(row.known), inserted: inserted.length }
}

type EntryRow = {
  request_id: string
  key_id: string
  key_name: string | null
  method: string
  route: string
  status: number
  duration_ms: number
  at: Date | string
  ip: string | null
  project_id: string
}

const view = (r: EntryRow): LogEntryView => ({
  requestId: r.request_id,
  keyId: r.key_id,
  keyName: r.key_name,
  method: r.method,
  route: r.route,
  status: Number(r.status),
  durationMs: Number(r.duration_ms),
  at: new Date(r.at).toISOString(),
  ...(r.ip === null ? {} : { ip: r.ip }),
})

/**
 * The page's filters as the contract's schema reads them (the method in capitals; a deleted key
 * has no mode left: its calls match neither mode), so a filter the contract adds reaches this
 * module untouched by the route; with the cursor read and the page's size.
 */
export type PageFilter = Omit<z.output<typeof LogQuery>, 'before' | 'limit'> & {
  /** The last entry of the previous page. */
  before?: { at: Date; requestId: string }
  limit: number
  /** The oldest time still inside REQUEST_LOG_RETENTION_DAYS: an older entry waits in its partition for the drop, unread. */
  keptFrom: Date
}

/**
 * A project's entries, newest first, one more than the limit (to know a next
 * page exists). Each filter is written as its index is (migration 022), so
 * the planner walks one index backwards and stops at the limit. The first
 * look is bounded to the day of the page's start (now, or the cursor's time)
 * and the day before, so it touches two day partitions of thirty; only a page
 * those do not fill looks at everything older, for the rest. Measured on
 * 5,000,000 entries over 30 days (load average 23–37): the newest-100
 * statement alone, p50 of 60, three rounds: 5.4–8.2 ms over every partition,
 * 1.3–3.7 ms bounded; over HTTP, three interleaved rounds of 200 calls, p50
 * median 24.1 → 20.3 ms (newest), 17.3 → 15.4 ms (5xx), 18.4 → 9.0 ms (a key).
 * `method` and `slowerThanMs` have no index (one more on every insert, for a
 * filter read far less often than calls are stored): they are checked on the
 * walk of the others, kept to the hours whose rollups may hold such a call
 * (hours.ts), so one that no call matches reads no entry (docs/performance.md
 * has the figures).
 */
export async function listEntries(q: Queryable, projectId: string, f: PageFilter, now: number): Promise<LogEntryView[]> {
  const params: unknown[] = [projectId, f.keptFrom.toISOString()]
  const where = ['l.project_id = $1', 'l.at >= $2']
  const add = (sql: string, ...values: unknown[]) => {
    const first = params.length + 1
    params.push(...values)
    where.push(sql.replace(/\$(\d)/g, (_, i: string) => `$${first + Number(i) - 1}`))
  }
  if (f.key !== undefined) add('l.key_id = $1', f.key)
  if (f.status !== undefined) add('l.status / 100 = $1', Number(f.status[0]))
  if (f.route !== undefined) add('l.route = $1', f.route)
  // The unique index leads with the request id: a probe a partition.
  if (f.requestId !== undefined) add('l.request_id = $1', f.requestId)
  if (f.mode !== undefined) add('k.mode = $1', f.mode)
  if (f.method !== undefined) add('l.method = $1', f.method)
  if (f.slowerThanMs !== undefined) add('l.duration_ms > $1', f.slowerThanMs)
  // The filters no index serves: the walk keeps to the hours whose rollups may hold a match.
  const conditions = hourly(f)
  if (conditions.length > 0) {
    const span = await hourSpan(q, projectId, f.key, conditions)
    if (!span) return []
    add('l.at >= $1 AND l.at < $2', span.from, span.to)
  }
  if (f.before) add('(l.at, l.request_id) < ($1::timestamptz, $2::text)', f.before.at.toISOString(), f.before.requestId)
  const since = new Date(dayStart(f.before ? f.before.at.getTime() : now) - DAY_MS).toISOString()
  const page = (bound: string, limit: number) =>
    q.query<EntryRow>(
      `SELECT l.request_id, l.key_id, k.name AS key_name, l.method, l.route, l.status, l.duration_ms, l.at, l.ip, l.project_id
       FROM request_logs l LEFT JOIN api_keys k ON k.id = l.key_id
       WHERE ${where.join(' AND ')} AND ${bound}
       ORDER BY l.at DESC, l.request_id DESC
       LIMIT $${params.length + 2}`,
      [...params, since, limit],
    )
  const recent = await page(`l.at >= $${params.length + 1}`, f.limit + 1)
  const older = recent.length > f.limit ? [] : await page(`l.at < $${params.length + 1}`, f.limit + 1 - recent.length)
  return [...recent, ...older].map(view)
}

/** The newest entry with this request id, in any project, inside the retention; undefined without one. */
export async function findEntry(q: Queryable, requestId: string, keptFrom: Date): Promise<LogLookup | undefined> {
  const [r] = await q.query<EntryRow>(
    `SELECT l.request_id, l.key_id, k.name AS key_name, l.method, l.route, l.status, l.duration_ms, l.at, l.ip, l.project_id
     FROM request_logs l LEFT JOIN api_keys k ON k.id = l.key_id
     WHERE l.request_id = $1 AND l.at >= $2 ORDER BY l.at DESC LIMIT 1`,
    [requestId, keptFrom.toISOString()],
  )
  return r && { ...view(r), projectId: r.project_id }
}
