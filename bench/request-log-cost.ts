/**
 * What request logs cost the provider's API (issue 49): the same Hono handler
 * behind `honoApiKey` in three processes of their own (request-log-provider.ts)
 * - reporting off, on (batches to a portal that takes them), and on with the
 * portal stopped (nothing listens where batches go) - loaded one at a time by
 * the bench's load client (autocannon in a process of its own) in interleaved
 * rounds, the order turning each round so that a shared machine's drifting
 * load falls on all three alike. Each load reads the provider's CPU (user and
 * system, /proc) before and after: CPU per request is the figure, not the
 * rate, which the load client's share of the cores blurs. Goal: on and down
 * each at most 5% more CPU per request than off, and no request failing.
 *
 * The portal here is a stand-in in this process that answers every key as
 * valid and takes every batch (202), counting entries: the provider's side is
 * what is measured, and the reference server's POST /api/logs is measured by
 * its own bench. `npx tsx bench/request-log-cost.ts` (BENCH_LOG_ROUNDS,
 * BENCH_LOG_SECONDS, BENCH_LOG_CONNECTIONS, BENCH_LOG_WARMUP to change the
 * defaults 5, 4, 10 and 2 s of warm-up a variant, 0 for none).
 */
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import type { ChildProcess } from 'node:child_process'
import { createServer, type AddressInfo } from 'node:net'
import { startLoadClient } from './load-run'
import { processCpuMs } from './process-cpu'
import { spawnServer } from './spawn-server'
import { median, round } from './stats'

const ROUNDS = Number(process.env.BENCH_LOG_ROUNDS ?? 5)
const SECONDS = Number(process.env.BENCH_LOG_SECONDS ?? 4)
const CONNECTIONS = Number(process.env.BENCH_LOG_CONNECTIONS ?? 10)
const WARMUP = Number(process.env.BENCH_LOG_WARMUP ?? 2)
const KEY = 'fxk_bench-request-logs'
const VARIANTS = ['off', 'on', 'down'] as const
type Variant = (typeof VARIANTS)[number]

/** The stand-in portal: every key valid, every batch taken. */
function startPortal() {
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
const closedPort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo
      s.close(() => resolve(port))
    })
  })

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

export async function requestLogCost() {
  const portal = await startPortal()
  const down = `http://127.0.0.1:${await closedPort()}/api/logs`
  const providers = {} as Record<Variant, { child: ChildProcess; url: string }>
  for (const v of VARIANTS) providers[v] = await spawnServer('bench/request-log-provider.ts', { REQUEST_LOGS: v, PORTAL_URL: portal.url, LOGS_URL: down })
  const client = await startLoadClient()
  const paths = Array.from({ length: 100 }, (_, i) => `/v1/invoices/in_${i}`)
  const load = (v: Variant, duration: number) =>
    client.run({ url: providers[v].url, paths, headers: { Authorization: `Bearer ${KEY}` }, connections: CONNECTIONS, duration })
  const per = Object.fromEntries(VARIANTS.map((v) => [v, { cpuUs: [] as number[], rps: [] as number[], requests: 0, failed: 0 }])) as Record<
    Variant,
    { cpuUs: number[]; rps: number[]; requests: number; failed: number }
  >
  try {
    if (WARMUP > 0) for (const v of VARIANTS) await load(v, WARMUP) // warm-up, not counted
    for (let r = 0; r < ROUNDS; r++) {
      for (let i = 0; i < VARIANTS.length; i++) {
        const v = VARIANTS[(i + r) % VARIANTS.length]
        const before = processCpuMs(providers[v].child.pid)!
        const result = await load(v, SECONDS)
        const cpu = processCpuMs(providers[v].child.pid)! - before
        per[v].cpuUs.push((cpu * 1000) / result.requests.total)
        per[v].rps.push(result.requests.average)
        per[v].requests += result.requests.total
        per[v].failed += result.errors + result.timeouts + result.non2xx
      }
    }
    const stats = Object.fromEntries(
      await Promise.all(VARIANTS.map(async (v) => [v, await (await fetch(`${providers[v].url}/stats`)).json()] as const)),
    ) as Record<Variant, Record<string, number>>
    const ratio = (v: Variant) => round(median(per[v].cpuUs.map((us, r) => us / per.off.cpuUs[r])), 3)
    return {
      rounds: ROUNDS,
      seconds: SECONDS,
      connections: CONNECTIONS,
      variants: VARIANTS.map((v) => ({
        variant: v,
        cpuPerRequestUs: round(median(per[v].cpuUs), 1),
        requestsPerSec: Math.round(median(per[v].rps)),
        requests: per[v].requests,
        failed: per[v].failed,
        cpuRatioToOff: v === 'off' ? 1 : ratio(v),
        reporter: stats[v],
      })),
      portalEntries: portal.entries(),
    }
  } finally {
    await client.close()
    await Promise.all(VARIANTS.map((v) => (providers[v] ? stop(providers[v].child) : undefined)))
    portal.close()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await requestLogCost()
  console.log(`Request logs, the provider's cost: ${result.rounds} interleaved rounds × ${result.seconds} s, ${result.connections} connections`)
  for (const v of result.variants)
    console.log(
      `  ${v.variant.padEnd(5)} ${v.cpuPerRequestUs} µs CPU/request (×${v.cpuRatioToOff} of off), ${v.requestsPerSec} req/s, ${v.requests} requests, ${v.failed} failed, reporter ${JSON.stringify(v.reporter)}`,
    )
  console.log(`  the portal took ${result.portalEntries} entries`)
  process.exit(0)
}
