/**
 * Where reporting's extra CPU goes in the provider's process (issue 49): the
 * provider of request-log-cost.ts, off, on and down, each in a process of its
 * own under `node --cpu-prof`, loaded in turn by the bench's load client;
 * then each profile's samples are read as CPU a request, by what they were
 * running: every function's own time, the difference to off, and the parts
 * reporting adds (the request id, the entry, the queue, the batches' sends,
 * timers, the collector), a part being every sample with one of its
 * functions on the stack. A profiler's samples are an estimate (it slows the
 * process, and each sample is charged to the function it caught): read the
 * parts against each other, the cost itself from request-log-cost.ts.
 * `npx tsx bench/request-log-profile.ts` (BENCH_LOG_SECONDS, default 8;
 * BENCH_LOG_RATE=<req/s> loads at that fixed rate).
 */
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { closedPort, startPortal, stop } from './request-log-cost'
import { startLoadClient } from './load-run'
import { spawnServer } from './spawn-server'
import { round } from './stats'

const SECONDS = Number(process.env.BENCH_LOG_SECONDS ?? 8)
/** BENCH_LOG_RATE: the load at this many requests a second, as in request-log-cost.ts. */
const RATE = process.env.BENCH_LOG_RATE ? Number(process.env.BENCH_LOG_RATE) : undefined
const KEY = 'fxk_bench-request-logs'
const VARIANTS = ['off', 'on', 'down'] as const

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

/** What reporting adds, each part named by functions of its stack (the first part that matches takes the sample). */
const PARTS: Array<[string, RegExp]> = [
  ['request id (randomUUID, header)', /^(requestIdOf|randomUUID|header)$/],
  ['entry (entryOf, at)', /^(entryOf|toISOString|isoAt|started)$/],
  ['queue (JSON text, pages)', /^(add|push|entryJson)$/],
  ['batch (body, send, answer)', /^(attempt|body|sendOne|post|postBatch)$/],
  ['timers', /^(listOnTimeout|processTimers|schedule)$/],
  ['(garbage collector)', /^\(garbage collector\)$/],
]

const name = (n: ProfileNode) => {
  const file = n.callFrame.url.split('/').slice(-2).join('/')
  return `${n.callFrame.functionName || '(anonymous)'} ${file}:${n.callFrame.lineNumber + 1}`
}

/** Each function's own µs, and each part's µs, over the profile. */
function read(profile: Profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const self = new Map<string, number>()
  const parts = new Map<string, number>()
  for (let i = 0; i < profile.samples.length; i++) {
    const us = profile.timeDeltas[i + 1] ?? 0
    const leaf = byId.get(profile.samples[i])!
    if (leaf.callFrame.functionName === '(idle)') continue
    self.set(name(leaf), (self.get(name(leaf)) ?? 0) + us)
    let part = 'the rest'
    find: for (let id: number | undefined = leaf.id; id !== undefined; id = parent.get(id)) {
      const fn = byId.get(id)!.callFrame.functionName
      for (const [p, re] of PARTS)
        if (re.test(fn)) {
          part = p
          break find
        }
    }
    parts.set(part, (parts.get(part) ?? 0) + us)
  }
  return { self, parts }
}

async function profiled(variant: string, portalUrl: string, down: string, dir: string) {
  const out = join(dir, variant)
  const env = { REQUEST_LOGS: variant, PORTAL_URL: portalUrl, LOGS_URL: down }
  return { variant, out, ...(await spawnServer('bench/request-log-provider.ts', env, undefined, ['--cpu-prof', `--cpu-prof-dir=${out}`])) }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const portal = await startPortal()
  const down = `http://127.0.0.1:${await closedPort()}/api/logs`
  const dir = mkdtempSync(join(tmpdir(), 'flex-log-profile-'))
  const client = await startLoadClient()
  const paths = Array.from({ length: 100 }, (_, i) => `/v1/invoices/in_${i}`)
  const results: Array<{ variant: string; requests: number; self: Map<string, number>; parts: Map<string, number> }> = []
  try {
    for (const variant of VARIANTS) {
      const p: { child: ChildProcess; url: string; out: string; variant: string } = await profiled(variant, portal.url, down, dir)
      const load = (duration: number) =>
        client.run({ url: p.url, paths, headers: { Authorization: `Bearer ${KEY}` }, connections: 10, duration, ...(RATE ? { overallRate: RATE } : {}) })
      const warm = await load(2)
      const main = await load(SECONDS)
      await stop(p.child)
      const file = readdirSync(p.out).find((f) => f.endsWith('.cpuprofile'))!
      const profile = JSON.parse(readFileSync(join(p.out, file), 'utf8')) as Profile
      results.push({ variant, requests: warm.requests.total + main.requests.total, ...read(profile) })
    }
  } finally {
    await client.close()
    portal.close()
    if (process.env.BENCH_PROFILE_KEEP) console.log(`profiles kept in ${dir}`)
    else rmSync(dir, { recursive: true, force: true })
  }
  const per = (us: number | undefined, requests: number) => round((us ?? 0) / requests, 2)
  const off = results[0]
  for (const r of results) {
    const total = [...r.parts.values()].reduce((a, b) => a + b, 0)
    console.log(`\n== ${r.variant}: ${per(total, r.requests)} µs of CPU a request (sampled), ${r.requests} requests ==`)
    for (const [part] of [...PARTS, ['the rest']]) console.log(`  ${part.padEnd(34)} ${per(r.parts.get(part), r.requests)} µs`)
    if (r === off) continue
    const diff = [...new Set([...r.self.keys(), ...off.self.keys()])]
      .map((k) => [k, per(r.self.get(k), r.requests) - per(off.self.get(k), off.requests)] as const)
      .sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]))
      .slice(0, 25)
    console.log(`  own time, most different from off's (µs a request):`)
    for (const [k, us] of diff) console.log(`    ${round(us, 2).toFixed(2).padStart(6)}  ${k}`)
  }
  process.exit(0)
}
