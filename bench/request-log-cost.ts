/**
 * What request logs cost the provider's API (issue 49): the same Hono handler
 * behind `honoApiKey` in three processes of their own (request-log-provider.ts)
 * - reporting off, on (batches to a portal that takes them), and on with the
 * portal stopped (nothing listens where batches go) - loaded one at a time by
 * the bench's load client (autocannon in a process of its own) in interleaved
 * rounds, the order turning each round so that a shared machine's drifting
 * load falls on all three alike. Each load reads the provider's CPU before
 * and after: CPU per request is the figure, not the rate, which the load
 * client's share of the cores blurs. Goal: on and down
 * each at most 5% more CPU per request than off, and no request failing.
 * The CPU is the provider's own `process.cpuUsage()` (its GET /cpu), user and
 * system apart; the ratio to off is each round's, then their median and
 * spread. Before the rounds and after them, reporting off on one path is
 * loaded by the bench's client and by autocannon alone: the yardstick that
 * the client is not the limit (load-run.ts).
 *
 * The portal here is a stand-in in this process that answers every key as
 * valid and takes every batch (202), counting entries: the provider's side is
 * what is measured, and the reference server's POST /api/logs is measured by
 * its own bench. `npx tsx bench/request-log-cost.ts` (BENCH_LOG_ROUNDS,
 * BENCH_LOG_SECONDS, BENCH_LOG_CONNECTIONS, BENCH_LOG_WARMUP, BENCH_LOG_YARDSTICK to
 * change the defaults 5, 4, 10, 2 s of warm-up a variant (0 for none, and then
 * none for autocannon alone either) and 3 s a load of the yardstick).
 * An A/B of checkouts in the same rounds: BENCH_AB=<A>,<B> (folders whose
 * `verify/` the providers use, three each), each ratio to its own off.
 * BENCH_LOG_RATE=<req/s>: each load at that fixed rate (autocannon's overallRate), so
 * that every variant answers the same requests at the same pace.
 * BENCH_LOG_SPIN_US=<µs>: a fourth provider, reporting off and that much
 * busy work added to each request, to see how the bench reads a known cost.
 */
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import type { ChildProcess } from 'node:child_process'
import { createServer, type AddressInfo } from 'node:net'
import { loadavg } from 'node:os'
import { resolve } from 'node:path'
import type autocannon from 'autocannon'
import { runAlone, startLoadClient, yardstick, yardstickLine, yardstickSeconds, type Load } from './load-run'
import { spawnServer } from './spawn-server'
import { median, round } from './stats'

const ROUNDS = Number(process.env.BENCH_LOG_ROUNDS ?? 5)
const SECONDS = Number(process.env.BENCH_LOG_SECONDS ?? 4)
const CONNECTIONS = Number(process.env.BENCH_LOG_CONNECTIONS ?? 10)
const WARMUP = Number(process.env.BENCH_LOG_WARMUP ?? 2)
/** BENCH_LOG_RATE: each load at this many requests a second instead of as many as the provider answers. */
const RATE = process.env.BENCH_LOG_RATE ? Number(process.env.BENCH_LOG_RATE) : undefined
/** Each load of the yardstick (BENCH_LOG_YARDSTICK s): at its smallest, a second shows that it runs. */
const YARDSTICK_SECONDS = Number(process.env.BENCH_LOG_YARDSTICK ?? yardstickSeconds(SECONDS))
const KEY = 'fxk_bench-request-logs'
type Variant = 'off' | 'on' | 'down' | 'spin'
/** BENCH_LOG_SPIN_US: a fourth variant, reporting off with that much busy work a request: how the bench reads a known cost. */
const SPIN_US = process.env.BENCH_LOG_SPIN_US
const VARIANTS: Variant[] = SPIN_US ? ['off', 'on', 'down', 'spin'] : ['off', 'on', 'down']

/** The stand-in portal: every key valid, every batch taken. */
export function startPortal() {
  let entries = 0
  const app = new Hono()
    .post('/api/keys/verify', (c) => c.json({ valid: true, keyId: 'apid_bench', projectId: 'prj_bench', name: 'Bench', expiresAt: null }))
    .post('/api/logs', async (c) => {
      const body = (await c.req.json()) as { entries: unknown[] }
      entries += body.entries.length
      return c.json({ accepted: body.entries.length, duplicates: 0, dropped: { unknownKey: 0, future: 0, expired: 0 } }, 202)
    })
  return new Promise<{ url: string; entries: () => number; close: () => void }>((resolve) => {
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) =>
      resolve({ url: `http://127.0.0.1:${info.port}`, entries: () => entries, close: () => server.close() }),
    )
  })
}

/** A loopback port with nothing listening: the portal stopped. */
export const closedPort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo
      s.close(() => resolve(port))
    })
  })

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

/** The provider's CPU so far (its GET /cpu: process.cpuUsage(), µs). */
const cpuOf = async (url: string) => (await (await fetch(`${url}/cpu`)).json()) as { user: number; system: number }

/** Each round's figures of one provider. */
interface Rounds {
  cpuUs: number[]
  userUs: number[]
  systemUs: number[]
  rps: number[]
  requests: number
  failed: number
}

const spread = (xs: number[], digits = 1) => [round(Math.min(...xs), digits), round(Math.max(...xs), digits)] as const

/** One provider process: a variant of one checkout's `verify/` (BENCH_AB), or of this one's. */
interface Target {
  variant: Variant
  checkout: string
  child: ChildProcess
  url: string
  rounds: Rounds
}

/** The checkouts of an A/B (BENCH_AB, comma-separated folders, the first is A), or this one alone (''). */
const checkouts = () => (process.env.BENCH_AB ? process.env.BENCH_AB.split(',').map((d) => resolve(d)) : [''])

/** One provider's figures: its rounds' medians, and its ratio to reporting off of its own checkout, round by round. */
function figures(t: Target, off: Target, reporter: Record<string, number>) {
  const ratios = t.rounds.cpuUs.map((us, r) => us / off.rounds.cpuUs[r])
  return {
    variant: t.variant,
    checkout: t.checkout,
    cpuPerRequestUs: round(median(t.rounds.cpuUs), 1),
    cpuSpreadUs: spread(t.rounds.cpuUs),
    userUs: round(median(t.rounds.userUs), 1),
    systemUs: round(median(t.rounds.systemUs), 1),
    requestsPerSec: Math.round(median(t.rounds.rps)),
    requests: t.rounds.requests,
    failed: t.rounds.failed,
    cpuRatioToOff: round(median(ratios), 3),
    ratioSpread: spread(ratios, 3),
    reporter,
  }
}

export async function requestLogCost() {
  const portal = await startPortal()
  const down = `http://127.0.0.1:${await closedPort()}/api/logs`
  const targets: Target[] = []
  const client = await startLoadClient()
  const paths = Array.from({ length: 100 }, (_, i) => `/v1/invoices/in_${i}`)
  const headers = { Authorization: `Bearer ${KEY}` }
  const load = (t: Target, duration: number) =>
    client.run({ url: t.url, paths, headers, connections: CONNECTIONS, duration, ...(RATE ? { overallRate: RATE } : {}) })
  const benchBare: autocannon.Result[] = []
  const alone: autocannon.Result[] = []
  try {
    for (const checkout of checkouts())
      for (const variant of VARIANTS) {
        const env = {
          REQUEST_LOGS: variant,
          PORTAL_URL: portal.url,
          LOGS_URL: down,
          ...(checkout ? { BENCH_VERIFY: checkout } : {}),
          ...(SPIN_US ? { SPIN_US } : {}),
        }
        const rounds = { cpuUs: [], userUs: [], systemUs: [], rps: [], requests: 0, failed: 0 }
        targets.push({ variant, checkout, rounds, ...(await spawnServer('bench/request-log-provider.ts', env)) })
      }
    // The yardstick: reporting off on one path, under the bench's client and under autocannon alone, a pair before the rounds and one after.
    // KEY is made up (the stand-in portal takes any key), so autocannon alone may take it in its arguments.
    const bare: Load = { url: `${targets[0].url}/v1/invoices/in_1`, headers, connections: CONNECTIONS, duration: YARDSTICK_SECONDS }
    const measureYardstick = async () => {
      benchBare.push(await client.run(bare))
      // Without the bench's warm-up, autocannon alone goes without its own as well.
      alone.push(await runAlone(bare, WARMUP > 0 ? 1 : 0))
    }
    const loadBefore = loadavg()[0]
    if (WARMUP > 0) for (const t of targets) await load(t, WARMUP) // warm-up, not counted
    await measureYardstick()
    for (let r = 0; r < ROUNDS; r++) {
      for (let i = 0; i < targets.length; i++) {
        const t = targets[(i + r) % targets.length]
        const before = await cpuOf(t.url)
        const result = await load(t, SECONDS)
        const after = await cpuOf(t.url)
        const n = result.requests.total
        t.rounds.userUs.push((after.user - before.user) / n)
        t.rounds.systemUs.push((after.system - before.system) / n)
        t.rounds.cpuUs.push((after.user - before.user + after.system - before.system) / n)
        t.rounds.rps.push(result.requests.average)
        t.rounds.requests += n
        t.rounds.failed += result.errors + result.timeouts + result.non2xx
      }
    }
    await measureYardstick()
    const loadAfter = loadavg()[0]
    const reporters = await Promise.all(targets.map(async (t) => (await (await fetch(`${t.url}/stats`)).json()) as Record<string, number>))
    const offOf = (t: Target) => targets.find((o) => o.checkout === t.checkout && o.variant === 'off')!
    return {
      rounds: ROUNDS,
      seconds: SECONDS,
      connections: CONNECTIONS,
      loadAverage: [round(loadBefore, 1), round(loadAfter, 1)] as const,
      variants: targets.map((t, i) => figures(t, offOf(t), reporters[i])),
      portalEntries: portal.entries(),
      yardstick: yardstick(benchBare, alone),
    }
  } finally {
    await client.close()
    await Promise.all(targets.map((t) => stop(t.child)))
    portal.close()
  }
}

/** The run as the bench prints it, a line each. */
export function costLines(result: Awaited<ReturnType<typeof requestLogCost>>): string[] {
  return [
    `Request logs, the provider's cost: ${result.rounds} interleaved rounds × ${result.seconds} s, ${result.connections} connections, load average ${result.loadAverage.join(' → ')}`,
    ...result.variants.map(
      (v) =>
        `${v.variant.padEnd(5)}${v.checkout ? ` ${v.checkout}:` : ''} ${v.cpuPerRequestUs} µs CPU/request (rounds ${v.cpuSpreadUs.join('–')}; user ${v.userUs}, system ${v.systemUs}), ` +
        `×${v.cpuRatioToOff} of off (rounds ${v.ratioSpread.join('–')}), ${v.requestsPerSec} req/s, ${v.requests} requests, ${v.failed} failed, reporter ${JSON.stringify(v.reporter)}`,
    ),
    `the portal took ${result.portalEntries} entries; goal: on and down each ≤ 1.05× off's CPU per request, none failed`,
    yardstickLine('reporting off', result.yardstick),
  ]
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await requestLogCost()
  for (const l of costLines(result)) console.log(`  ${l}`)
  process.exit(result.yardstick.ok ? 0 : 1)
}
