import type { Queryable } from '../../db/index'
import { BUCKETS, bucketOf, emptyHistogram } from './histogram'
import { methodBit } from './methods'

/** All SQL of request_log_hours (migrations 022, 024): each hour's calls of a key, summed at ingest. */

/** An inserted row of request_logs, as storeEntries hands it on. */
export interface Inserted {
  project_id: string
  key_id: string
  at: Date | string
  status: number
  duration_ms: number
  method: string
}

const HOUR_MS = 3_600_000
/** request_log_hours' histogram columns, one per bucket of histogram.ts. */
const HIST_COLUMNS = Array.from({ length: BUCKETS }, (_, i) => `h${i}`)

interface HourRow {
  projectId: string
  keyId: string
  hour: number
  requests: number
  clientErrors: number
  serverErrors: number
  hist: number[]
  methods: number
}

/** Adds inserted rows to request_log_hours, in key order so two instances' batches lock rows in the same order. */
export async function addToHours(tx: Queryable, inserted: readonly Inserted[]): Promise<void> {
  if (inserted.length === 0) return
  const hours = new Map<string, HourRow>()
  for (const r of inserted) {
    const at = new Date(r.at).getTime()
    const hour = at - (at % HOUR_MS)
    const id = `${r.project_id} ${hour} ${r.key_id}`
    let h = hours.get(id)
    if (!h)
      hours.set(id, (h = { projectId: r.project_id, keyId: r.key_id, hour, requests: 0, clientErrors: 0, serverErrors: 0, hist: emptyHistogram(), methods: 0 }))
    h.requests++
    if (r.status >= 400 && r.status < 500) h.clientErrors++
    if (r.status >= 500) h.serverErrors++
    h.hist[bucketOf(r.duration_ms)]++
    h.methods |= methodBit(r.method)
  }
  const list = [...hours.values()].sort((a, b) =>
    a.projectId !== b.projectId ? (a.projectId < b.projectId ? -1 : 1) : a.hour !== b.hour ? a.hour - b.hour : a.keyId < b.keyId ? -1 : 1,
  )
  // A row from before migration 024 keeps its NULL methods (NULL | x): it may still hold any.
  await tx.query(
    `INSERT INTO request_log_hours (project_id, key_id, hour, requests, client_errors, server_errors, methods, ${HIST_COLUMNS.join(', ')})
     SELECT u.project_id, u.key_id, u.hour, u.requests, u.client_errors, u.server_errors, u.methods, ${HIST_COLUMNS.map((_, i) => `(u.hist::bigint[])[${i + 1}]`).join(', ')}
     FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::bigint[], $5::bigint[], $6::bigint[], $7::text[], $8::int[]) WITH ORDINALITY
          AS u(project_id, key_id, hour, requests, client_errors, server_errors, hist, methods, n)
     ORDER BY u.n
     ON CONFLICT (project_id, hour, key_id) DO UPDATE SET
       methods = request_log_hours.methods | EXCLUDED.methods,
       ${['requests', 'client_errors', 'server_errors', ...HIST_COLUMNS].map((c) => `${c} = request_log_hours.${c} + EXCLUDED.${c}`).join(',\n       ')}`,
    [
      list.map((h) => h.projectId),
      list.map((h) => h.keyId),
      list.map((h) => new Date(h.hour).toISOString()),
      list.map((h) => h.requests),
      list.map((h) => h.clientErrors),
      list.map((h) => h.serverErrors),
      list.map((h) => `{${h.hist.join(',')}}`),
      list.map((h) => h.methods),
    ],
  )
}

/** The conditions an hour's rollup must meet to hold a call the page's filters ask for, made from numbers alone. */
export function hourly(f: { method?: string; slowerThanMs?: number }): string[] {
  const conditions: string[] = []
  // A row from before migration 024 has no methods: it may hold any.
  if (f.method !== undefined) conditions.push(`(methods IS NULL OR methods & ${methodBit(f.method)} <> 0)`)
  if (f.slowerThanMs !== undefined) conditions.push(`${HIST_COLUMNS.slice(bucketOf(f.slowerThanMs + 1)).join(' + ')} > 0`)
  return conditions
}

/**
 * The span from the first to the end of the last hour whose rollup meets every condition (of
 * `hourly`), for the project or one key; none when no hour does. A method or a duration seldom
 * seen is then looked for in those hours only, not in every entry of the retention. A duration's
 * condition is exact when it is a bucket's bound; a method's holds for every method of its bit.
 */
export async function hourSpan(
  q: Queryable,
  projectId: string,
  keyId: string | undefined,
  conditions: string[],
): Promise<{ from: string; to: string } | undefined> {
  const [r] = await q.query<{ first: Date | string | null; last: Date | string | null }>(
    `SELECT min(hour) AS first, max(hour) AS last FROM request_log_hours
     WHERE project_id = $1 AND ($2::text IS NULL OR key_id = $2) AND ${conditions.join(' AND ')}`,
    [projectId, keyId ?? null],
  )
  if (!r?.first || !r.last) return undefined
  return { from: new Date(r.first).toISOString(), to: new Date(new Date(r.last).getTime() + HOUR_MS).toISOString() }
}

export interface BucketTotals {
  /** The bucket's start, ms. */
  start: number
  requests: number
  clientErrors: number
  serverErrors: number
  /** The latency histogram summed over the bucket's hours and keys. */
  hist: number[]
}

/**
 * A project's (or one key's) rollups from `from` on, summed in the database
 * per bucket of `stepMs` (an hour or a day) with their histograms, oldest
 * first: a row per bucket comes back, however many keys and hours there are.
 */
export async function readBuckets(
  q: Queryable,
  projectId: string,
  from: Date,
  stepMs: number,
  only: { keyId?: string; mode?: string } = {},
): Promise<BucketTotals[]> {
  const rows = await q.query<Record<string, string> & { start: Date | string }>(
    `SELECT date_bin($3::interval, hour, timestamptz '2000-01-01T00:00:00Z') AS start,
            sum(requests) AS requests, sum(client_errors) AS client_errors, sum(server_errors) AS server_errors,
            ${HIST_COLUMNS.map((c) => `sum(${c}) AS ${c}`).join(', ')}
     FROM request_log_hours WHERE project_id = $1 AND hour >= $2 AND ($4::text IS NULL OR key_id = $4)
       AND ($5::text IS NULL OR key_id IN (SELECT id FROM api_keys WHERE project_id = $1 AND mode = $5))
     GROUP BY 1 ORDER BY 1`,
    [projectId, from.toISOString(), `${stepMs / 1000} seconds`, only.keyId ?? null, only.mode ?? null],
  )
  return rows.map((r) => ({
    start: new Date(r.start).getTime(),
    requests: Number(r.requests),
    clientErrors: Number(r.client_errors),
    serverErrors: Number(r.server_errors),
    hist: HIST_COLUMNS.map((c) => Number(r[c])),
  }))
}

/** Drops rollups of hours past the retention. */
export async function pruneHours(q: Queryable, cutoff: Date): Promise<void> {
  await q.query('DELETE FROM request_log_hours WHERE hour < $1', [cutoff.toISOString()])
}
