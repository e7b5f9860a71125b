/**
 * The request log reporter's own cost, in one process without sockets, as an
 * interleaved A/B of checkouts: BENCH_AB names them (comma-separated folders,
 * the first is A). Each run is a child process of its own that imports its
 * checkout's `verify/`, holds a provider's live heap (400,000 small objects),
 * and makes 8,000 requests a second for BENCH_SECONDS (default 8): each
 * request some garbage of its own, then with reporting on, its entry made as
 * the middlewares make it and queued, batches going to a portal that takes
 * them (up) or cannot be reached (down). Every round runs each checkout off,
 * up and down; the figure is CPU a request, and reporting's cost the
 * difference to off within the round. Prints each run, then per checkout the
 * median and spread of reporting's cost.
 *
 *   BENCH_AB=../before,. BENCH_ROUNDS=3 npx tsx bench/request-log-queue.ts
 */
import { execFileSync } from 'node:child_process'
import { loadavg } from 'node:os'
import { resolve } from 'node:path'
import { median, round } from './stats'

const RATE = 8000

async function child(dir: string, mode: string, seconds: number) {
  const { createVerifier } = (await import(`${dir}/verify/index.ts`)) as typeof import('../verify/index')
  const { entryOf, requestIdOf, started } = (await import(`${dir}/verify/request-entry.ts`)) as typeof import('../verify/request-entry')
  // The body is not read: a checkout's text and another's bytes cost the portal stand-in alike.
  const send = (async () => {
    if (mode === 'down') throw new TypeError('fetch failed')
    return new Response(null, { status: 202 })
  }) as typeof fetch
  const verifier = createVerifier({ url: 'http://portal.invalid/api/keys/verify', serviceToken: 't', fetch: send, requestLogs: {} })
  const live = Array.from({ length: 400_000 }, (_, i) => ({ id: `obj_${i}`, v: i, tags: [i, i + 1] }))
  const kept: string[] = []
  let n = 0
  const request = () => {
    kept[n % 16] = JSON.stringify({ url: `/v1/invoices/in_${n % 100}`, headers: { a: `x${n}` }, amount: 1200, currency: 'EUR' })
    if (mode === 'off') return
    const start = started()
    const entry = entryOf({
      requestId: requestIdOf(undefined),
      keyId: 'apid_bench',
      method: 'GET',
      route: '/v1/invoices/:id',
      status: 200,
      start,
      ip: undefined,
    })
    if (entry) verifier.logRequest(entry)
  }
  const before = process.cpuUsage()
  const t0 = Date.now()
  await new Promise<void>((done) => {
    const tick = () => {
      for (const due = Math.floor(((Date.now() - t0) * RATE) / 1000); n < due; n++) request()
      if (Date.now() - t0 < seconds * 1000) setTimeout(tick, 1)
      else done()
    }
    tick()
  })
  const used = process.cpuUsage(before)
  console.log(JSON.stringify({ usPerRequest: (used.user + used.system) / n, live: live.length }))
  process.exit(0)
}

function main() {
  const dirs = (process.env.BENCH_AB ?? '.').split(',').map((d) => resolve(d))
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3)
  const seconds = process.env.BENCH_SECONDS ?? '8'
  const cost: Record<string, { up: number[]; down: number[] }> = Object.fromEntries(dirs.map((d) => [d, { up: [], down: [] }]))
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < dirs.length; i++) {
      const dir = dirs[(i + r) % dirs.length]
      const us: Record<string, number> = {}
      for (const mode of ['off', 'up', 'down']) {
        const out = execFileSync('npx', ['tsx', import.meta.filename, dir, mode, seconds], { encoding: 'utf8' })
        us[mode] = (JSON.parse(out.trim().split('\n').pop()!) as { usPerRequest: number }).usPerRequest
      }
      cost[dir].up.push(us.up - us.off)
      cost[dir].down.push(us.down - us.off)
      console.log(
        `round ${r + 1} ${dir}: off ${round(us.off, 2)} µs, up ${round(us.up, 2)}, down ${round(us.down, 2)}, load average ${loadavg()[0].toFixed(1)}`,
      )
    }
  }
  const spread = (xs: number[]) => `${round(Math.min(...xs), 2)}–${round(Math.max(...xs), 2)}`
  for (const d of dirs)
    console.log(
      `${d}: reporting costs up ${round(median(cost[d].up), 2)} µs a request (${spread(cost[d].up)}), down ${round(median(cost[d].down), 2)} µs (${spread(cost[d].down)})`,
    )
}

const [dir, mode, seconds] = process.argv.slice(2)
if (dir) await child(dir, mode, Number(seconds))
else main()
