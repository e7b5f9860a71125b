/**
 * Three parts of `npm run bench` that are also benches of their own (run
 * alone with `npx tsx bench/<file>.ts`): `requestlogs` (request-logs.ts:
 * ingestion and reading on PostgreSQL, skipped without DATABASE_URL),
 * `requestlogcost` (request-log-cost.ts: what reporting costs the provider's
 * API) and `restrictedverify` (restricted-verify.ts: what key restrictions
 * cost verification). Each bench reads its sizes from the environment when it
 * loads, so a part sets the smallest ones before it loads the bench when
 * asked to be quick (BENCH_QUICK, or the test of the parts), unless the
 * environment already names them; the bench is loaded only when its part runs.
 */
import type { VerifyServer } from './restricted-verify'

const line = (s = '') => console.log(s)

/** Loads a bench with these sizes in the environment, where the environment does not set them already, and leaves it as found. */
async function withSizes<T>(sizes: Record<string, string | undefined>, load: () => Promise<T>): Promise<T> {
  const found = Object.keys(sizes).map((name) => [name, process.env[name]] as const)
  for (const [name, value] of Object.entries(sizes)) if (value !== undefined) process.env[name] ??= value
  try {
    return await load()
  } finally {
    for (const [name, value] of found) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  }
}

export async function requestLogsPart(quick: boolean) {
  line('\n== (k) Request logs on PostgreSQL: ingestion against a bare COPY, reading a filled project ==')
  if (!process.env.DATABASE_URL) {
    line('Needs PostgreSQL: set DATABASE_URL.')
    return undefined
  }
  const sizes = quick ? { BENCH_LOG_ROWS: '3000', BENCH_LOG_INGEST: '2000', BENCH_LOG_CALLS: '2' } : {}
  const { measureRequestLogs } = await withSizes(sizes, () => import('./request-logs'))
  return measureRequestLogs()
}

export async function requestLogCostPart(quick: boolean) {
  // At its smallest it shows that it runs, not what it costs: no warm-up.
  const sizes = quick ? { BENCH_LOG_ROUNDS: '1', BENCH_LOG_SECONDS: '1', BENCH_LOG_CONNECTIONS: '2', BENCH_LOG_WARMUP: '0', BENCH_LOG_YARDSTICK: '1' } : {}
  const { requestLogCost, costLines } = await withSizes(sizes, () => import('./request-log-cost'))
  const result = await requestLogCost()
  const [head, ...rest] = costLines(result)
  line(`\n== (l) ${head} ==`)
  for (const l of rest) line(l)
  return result
}

export async function restrictedVerifyPart(quick: boolean, durationS: number, server?: VerifyServer) {
  const { measureRestrictedVerify } = await import('./restricted-verify')
  const result = await measureRestrictedVerify(durationS, quick ? { rounds: 1, connections: 2, warmUp: false, server } : { server })
  line(`\n== (m) Key restrictions' cost to verification: ${durationS} s a target in ${quick ? 1 : 10} interleaved rounds ==`)
  for (const t of result.targets) line(`${t.what}: ${t.requestsPerSec} req/s, ${t.cpuPerCallUs ?? '-'} µs CPU/call, ${t.errors} errors`)
  line(`restricted / unrestricted CPU per call: ${result.restrictedToPlain ?? '-'} (goal ≤ 1.05)`)
  return result
}
