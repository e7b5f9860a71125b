/**
 * Request logs on PostgreSQL (issue 49), `npm start`'s entry in its own process:
 * - ingestion: four producer processes (request-log-producer.ts) POST
 *   BENCH_LOG_INGEST entries (default 200,000) to /api/logs in batches of
 *   1,000, against a bare `COPY` (psql's \copy of a CSV) of the same rows into
 *   an unindexed table of the same columns, in the same run, the median of
 *   three: entries a second and the ratio;
 * - reading: the project filled to BENCH_LOG_ROWS entries (default 5,000,000)
 *   over 30 days and 10 keys (one INSERT … SELECT per day, then the hourly
 *   rollups made from them once), then over HTTP, one call at a time: the
 *   newest-100 page, filtered pages (status class, key, route, status and
 *   key, duration, a method no call used, a request id), and the 30-day summary, p50 and p95 of BENCH_LOG_CALLS calls each
 *   (default 200) after ten untimed; and the worst case, a key and a route
 *   that never meet (the key's every entry walked), 20 calls;
 * - a deleted project's purge: the project deleted through the API, then the
 *   retention job's first 20 batches (purge.ts) timed one by one.
 * Goals: ingestion ≥ 0.5× the COPY; pages p95 ≤ 50 ms; summary p95 ≤ 100 ms.
 * Run: `DATABASE_URL=postgres://… npx tsx bench/request-logs.ts`, or `BENCH_ONLY=requestlogs npm run bench`.
 */
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { BOUNDS } from '../server/resources/logs/histogram'
import { methodBit, NAMED_METHODS } from '../server/resources/logs/methods'
import { deletedProjectLogs, PURGE_BATCH } from '../server/resources/logs/purge'
import { dayStart } from '../server/resources/logs/partitions'
import { openPostgres } from '../server/db/postgres'
import { forkChild } from './ipc-child'
import { processCpuMs } from './process-cpu'
import { benchEntry, ROUTES } from './request-log-rows'
import { spawnServer } from './spawn-server'
import { percentile, round } from './stats'
import { postgresDatabase } from './verify-load'

const SERVICE_TOKEN = randomBytes(24).toString('base64url')
const ROWS = Number(process.env.BENCH_LOG_ROWS ?? 5_000_000)
const INGEST = Number(process.env.BENCH_LOG_INGEST ?? 200_000)
const CALLS = Number(process.env.BENCH_LOG_CALLS ?? 200)
const PRODUCERS = 4
/** How many times the bare COPY runs; its median is the yardstick. */
const COPIES = 3
const KEYS = 10
const DAY = 86_400_000

const line = (s = '') => console.log(s)
const load = () => `load average ${loadavg()[0].toFixed(2)}`

async function call<T>(url: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

/** A user, a project and its 10 keys, through the API. */
async function seed(api: string) {
  const { accessToken: device } = await call<{ accessToken: string }>(`${api}/device`, { deviceUDID: 'bench-logs', deviceType: 'WEB' })
  const { accessToken } = await call<{ accessToken: string }>(
    `${api}/register`,
    { name: 'Bench', email: `bench-logs-${Date.now()}@example.com`, password: 'correct horse battery staple' },
    device,
  )
  const project = await call<{ id: string; apiKey: Record<string, string> }>(`${api}/manage/dapp`, { name: 'Logs bench' }, accessToken)
  const keyIds = Object.keys(project.apiKey)
  while (keyIds.length < KEYS) keyIds.push(...Object.keys(await call<Record<string, string>>(`${api}/manage/dapp/${project.id}/api-key`, {}, accessToken)))
  return { accessToken, projectId: project.id, keyIds }
}

/** The producers' run, then the bare COPY of the same rows: entries a second of each. */
async function ingestion(url: string, dbUrl: string, keyIds: string[], projectId: string) {
  const start = Date.now() - 120_000
  const run = randomBytes(4).toString('hex')
  const share = Math.ceil(INGEST / PRODUCERS)
  const producers = await Promise.all(
    Array.from({ length: PRODUCERS }, (_, p) =>
      forkChild<{ ready: true }>('./request-log-producer.ts', {
        LOG_URL: url,
        LOG_TOKEN: SERVICE_TOKEN,
        LOG_KEYS: keyIds.join(','),
        LOG_FROM: String(p * share),
        LOG_COUNT: String(Math.min(share, INGEST - p * share)),
        LOG_START: String(start),
        LOG_RUN: run,
      }),
    ),
  )
  const t0 = performance.now()
  const accepted = (await Promise.all(producers.map((p) => p.request<{ accepted: number }>({ go: true })))).reduce((a, r) => a + r.accepted, 0)
  const ingestS = (performance.now() - t0) / 1000
  await Promise.all(producers.map((p) => p.close()))

  const dir = mkdtempSync(join(tmpdir(), 'flex-bench-copy-'))
  const csv = join(dir, 'rows.csv')
  const rows: string[] = []
  for (let i = 0; i < INGEST; i++) {
    const e = benchEntry(i, keyIds, start, `${run}c`)
    rows.push([projectId, e.keyId, e.requestId, e.at, e.method, e.route, e.status, Math.round(e.durationMs), ''].join(','))
  }
  writeFileSync(csv, rows.join('\n') + '\n')
  // Three COPYs, each into a new table, and their median: a single one moved 1.7× between two runs of this bench.
  const db = new pg.Client({ connectionString: dbUrl })
  await db.connect()
  const copies: number[] = []
  for (let k = 0; k < COPIES; k++) {
    await db.query(`CREATE TABLE bench_copy_${k} (LIKE request_logs)`)
    const t1 = performance.now()
    execFileSync('psql', [dbUrl, '-q', '-c', `\\copy bench_copy_${k} FROM '${csv}' WITH (FORMAT csv)`])
    copies.push((performance.now() - t1) / 1000)
  }
  await db.end()
  rmSync(dir, { recursive: true, force: true })
  const copyS = percentile(copies, 50)
  const copyRange = [Math.max(...copies), Math.min(...copies)].map((t) => round(INGEST / t, 0)).join('–')
  return { entries: INGEST, accepted, ingestPerS: round(INGEST / ingestS, 0), copyPerS: round(INGEST / copyS, 0), copyRange, ratio: round(copyS / ingestS, 2) }
}

/** Fills the project to ROWS entries over 30 days (the partitions made as the retention job makes them), then the rollups from them. */
async function fill(dbUrl: string, projectId: string, keyIds: string[]) {
  const db = new pg.Client({ connectionString: dbUrl })
  await db.connect()
  // One reading of the clock: two, a millisecond apart, put "today" just before midnight, and its partition over the server's.
  const today = dayStart(Date.now())
  const perDay = Math.ceil(ROWS / 30)
  const t0 = performance.now()
  for (let d = 29; d >= 0; d--) {
    const day = today - d * DAY
    const name = `request_logs_${new Date(day).toISOString().slice(0, 10).replaceAll('-', '')}`
    await db.query(
      `CREATE TABLE IF NOT EXISTS ${name} PARTITION OF request_logs FOR VALUES FROM ('${new Date(day).toISOString()}') TO ('${new Date(day + DAY).toISOString()}')`,
    )
    await db.query(
      `INSERT INTO request_logs (project_id, key_id, request_id, at, method, route, status, duration_ms)
       SELECT $1, ($2::text[])[1 + i % ${KEYS}], 'fill-' || $3::text || '-' || i, $4::timestamptz + (i * (86399999.0 / $5)) * interval '1 millisecond',
              (ARRAY['GET','GET','POST','PATCH'])[1 + i % 4], ($6::text[])[1 + (i * 7) % ${ROUTES.length}],
              CASE WHEN (i * 2654435761::bigint) % 1000 < 900 THEN 200 WHEN (i * 2654435761::bigint) % 1000 < 970 THEN 404 ELSE 503 END,
              1 + (i * 37) % 2000 * (i % 10) / 10
       FROM generate_series(0, $5 - 1) AS i
       ON CONFLICT DO NOTHING`,
      [projectId, keyIds, d, new Date(day).toISOString(), perDay, ROUTES],
    )
    process.stdout.write('.')
  }
  const fillS = (performance.now() - t0) / 1000
  // Bucket b holds the durations above b bounds (histogram.ts's bucketOf): width_bucket counts the bounds at or below ms - 1.
  const columns = Array.from({ length: BOUNDS.length + 1 }, (_, b) => `h${b}`)
  const hist = columns.map((_, b) => `coalesce(sum(n) FILTER (WHERE b = ${b}), 0)`).join(', ')
  // Each hour's methods as the ingest keeps them (methods.ts).
  const bit = `CASE method ${NAMED_METHODS.map((m) => `WHEN '${m}' THEN ${methodBit(m)}`).join(' ')} ELSE ${methodBit('OTHER')} END`
  await db.query(
    `WITH x AS (
       SELECT project_id, key_id, date_trunc('hour', at) AS hour, width_bucket(duration_ms - 1, $1::int[]) AS b,
              count(*) AS n, count(*) FILTER (WHERE status / 100 = 4) AS c4, count(*) FILTER (WHERE status / 100 = 5) AS c5,
              bit_or(${bit}) AS m
       FROM request_logs WHERE project_id = $2 GROUP BY 1, 2, 3, 4
     )
     INSERT INTO request_log_hours (project_id, key_id, hour, requests, client_errors, server_errors, methods, ${columns.join(', ')})
     SELECT project_id, key_id, hour, sum(n), sum(c4), sum(c5), bit_or(m), ${hist}
     FROM x GROUP BY project_id, key_id, hour
     ON CONFLICT (project_id, hour, key_id) DO NOTHING`,
    [BOUNDS, projectId],
  )
  await db.query('ANALYZE request_logs')
  await db.query('ANALYZE request_log_hours')
  const [{ count }] = (await db.query(`SELECT count(*)::int AS count FROM request_logs WHERE project_id = $1`, [projectId])).rows
  await db.end()
  return { rows: count as number, fillS: round(fillS, 0) }
}

/** The project deleted through the API, then the purge's first batches, each timed (the last may be partial). */
async function purge(url: string, dbUrl: string, token: string, projectId: string) {
  const res = await fetch(`${url}/api/manage/dapp/${projectId}`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } })
  if (res.status !== 204) throw new Error(`delete the project: ${res.status} ${await res.text()}`)
  const db = await openPostgres(dbUrl)
  try {
    const job = deletedProjectLogs(db)
    const ms: number[] = []
    for (let more = true; more && ms.length < 20;) {
      const t = performance.now()
      more = await job.prune(Date.now())
      ms.push(performance.now() - t)
    }
    const [{ left }] = await db.query<{ left: number }>('SELECT count(*)::int AS left FROM request_logs WHERE project_id = $1', [projectId])
    return { batches: ms.length, p50Ms: round(percentile(ms, 50), 1), maxMs: round(Math.max(...ms), 1), left }
  } finally {
    await db.close()
  }
}

/** p50 and p95 of CALLS calls of `path`, one at a time. */
async function timed(url: string, token: string, path: string, calls = CALLS) {
  const ms: number[] = []
  // Ten calls first, untimed: the server's and the database's caches as a page in use has them.
  for (let i = -10; i < calls; i++) {
    const t = performance.now()
    const res = await fetch(`${url}${path}`, { headers: { Authorization: `Bearer ${token}` } })
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`)
    await res.arrayBuffer()
    if (i >= 0) ms.push(performance.now() - t)
  }
  return { path, p50Ms: round(percentile(ms, 50), 1), p95Ms: round(percentile(ms, 95), 1) }
}

/** The whole bench, on the PostgreSQL of DATABASE_URL: `npm run bench`'s requestlogs part (log-parts.ts), or this file run alone. */
export async function measureRequestLogs() {
  const adminUrl = process.env.DATABASE_URL
  if (!adminUrl) throw new Error('DATABASE_URL (PostgreSQL) is required')
  const database = await postgresDatabase(adminUrl)
  const server = await spawnServer('server/main.ts', {
    DATABASE_URL: database.url,
    SERVICE_TOKEN,
    RATE_LIMIT_PER_USER: '1000000',
    RATE_LIMIT_PER_ADDRESS: '1000000',
    RATE_LIMIT_PROJECTS_PER_USER: '1000000',
  })
  try {
    line(`== Request logs (PostgreSQL), ${load()} ==`)
    const { accessToken, projectId, keyIds } = await seed(`${server.url}/api`)
    const cpuBefore = processCpuMs(server.child.pid)
    const ingest = await ingestion(server.url, database.url, keyIds, projectId)
    // The server's CPU over the producers' run and the COPY (which it takes no part in): a cost an entry that a loaded machine's wall time blurs.
    const serverUs = round((((processCpuMs(server.child.pid) ?? 0) - (cpuBefore ?? 0)) * 1000) / ingest.entries, 1)
    line(
      `ingestion: ${ingest.entries} entries from ${PRODUCERS} producers in batches of 1,000: ${ingest.ingestPerS} entries/s (${ingest.accepted} accepted); ` +
        `bare COPY of the same rows into an unindexed table: ${ingest.copyPerS} rows/s (median of ${COPIES}, ${ingest.copyRange}); ratio ${ingest.ratio}× (goal ≥ 0.5×); ` +
        `the server's CPU ${serverUs} µs an entry, ${load()}`,
    )
    const filled = await fill(database.url, projectId, keyIds)
    line(`\nfilled: ${filled.rows} entries in the project over 30 days and ${KEYS} keys in ${filled.fillS} s, ${load()}`)
    const base = `/api/manage/dapp/${projectId}/logs`
    const reads = []
    for (const path of [
      `${base}?limit=100`,
      `${base}?limit=100&status=5xx`,
      `${base}?limit=100&key=${keyIds[3]}`,
      `${base}?limit=100&route=${encodeURIComponent(ROUTES[5])}`,
      `${base}?limit=100&status=4xx&key=${keyIds[3]}`,
      // No entry of key 3 has route 5 (rows.ts): the worst case, the whole of one key's entries walked.
      `${base}?limit=100&key=${keyIds[3]}&route=${encodeURIComponent(ROUTES[5])}`,
      // About one call in eight takes over a second; none over five (the rollups say so: nothing is walked).
      `${base}?limit=100&slowerThanMs=1000`,
      `${base}?limit=100&slowerThanMs=5000`,
      // No call is a PUT (the fill's are GET, POST and PATCH): again nothing is walked.
      `${base}?limit=100&method=PUT`,
      // One call by its request id (the fill's 'fill-<days ago>-<i>', i within the day's share): the unique index probed in each partition.
      `${base}?limit=100&requestId=fill-3-${Math.ceil(ROWS / 60)}`,
      `${base}/summary?days=30`,
    ]) {
      const r = await timed(server.url, accessToken, path, path.includes('route') && path.includes('key') ? 20 : CALLS)
      reads.push(r)
      line(`${r.path.replace(projectId, '{id}')}: p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms`)
    }
    line(`(${CALLS} calls each, one at a time, over HTTP; goals: pages p95 ≤ 50 ms, summary p95 ≤ 100 ms), ${load()}`)
    const purged = await purge(server.url, database.url, accessToken, projectId)
    line(
      `the project deleted, its entries purged: ${purged.batches} batches of ${PURGE_BATCH}, p50 ${purged.p50Ms} ms, longest ${purged.maxMs} ms, ` +
        `${purged.left} entries left for later ticks, ${load()}`,
    )
    return { ingest, filled, reads, purged }
  } finally {
    server.child.kill('SIGTERM')
    await new Promise((resolve) => server.child.once('exit', resolve))
    await database.drop()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await measureRequestLogs()
