/**
 * What sending its batches costs the provider (issue 49), apart from making
 * the entries: a verifier with request logs queues 1,000 entries through
 * `logRequest`, then `flush()` sends them as one batch to a portal stand-in
 * in a process of its own (which reads each body and answers 202), with the
 * verifier's default `fetch`. The figure is the provider's CPU a batch, read
 * around each flush only, after 10 unmeasured batches. An A/B of checkouts:
 * BENCH_AB=<A>,<B>,… (folders whose `verify/` is used; default this one),
 * each round running every checkout once in a process of its own, the order
 * turning each round. Prints each run, then per checkout the median and the
 * spread of its runs.
 *
 *   BENCH_AB=../before,. BENCH_ROUNDS=3 npx tsx bench/request-log-send.ts
 */
import { execFileSync, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { loadavg } from 'node:os'
import { resolve } from 'node:path'
import { stop } from './request-log-cost'
import { spawnServer } from './spawn-server'
import { median, round } from './stats'

const BATCHES = 60
const UNMEASURED = 10

/** The stand-in portal: reads a batch whole, answers as the server does, counts nothing. */
function portal() {
  const server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      const verify = req.url === '/api/keys/verify'
      res.writeHead(verify ? 200 : 202, { 'Content-Type': 'application/json' })
      res.end(verify ? '{"valid":false,"code":"NOT_FOUND"}' : '{"accepted":1000,"duplicates":0,"dropped":{"unknownKey":0,"future":0,"expired":0}}')
    })
  })
  server.listen(0, '127.0.0.1', () => console.log(`listening at http://127.0.0.1:${(server.address() as AddressInfo).port}`))
}

/** One run: a checkout's verifier sends BATCHES batches of 1,000; prints the CPU of a flush, in ms. */
async function run(dir: string, url: string) {
  const { createVerifier } = (await import(`${dir}/verify/index.ts`)) as typeof import('../verify/index')
  const verifier = createVerifier({ url: `${url}/api/keys/verify`, serviceToken: 'bench', requestLogs: { intervalMs: 3_600_000 } })
  let cpu = 0
  for (let b = 0; b < BATCHES; b++) {
    for (let i = 0; i < 1000; i++)
      verifier.logRequest({
        requestId: crypto.randomUUID(),
        keyId: 'apid_bench',
        method: 'GET',
        route: '/v1/invoices/:id',
        status: 200,
        durationMs: 1.2,
        at: new Date().toISOString(),
      })
    const before = process.cpuUsage()
    await verifier.flush()
    const used = process.cpuUsage(before)
    if (b >= UNMEASURED) cpu += used.user + used.system
  }
  const stats = verifier.requestLogStats()
  if (stats.sent !== BATCHES * 1000) throw new Error(`sent ${stats.sent} of ${BATCHES * 1000}: ${stats.lastError}`)
  console.log(JSON.stringify({ msPerBatch: cpu / (BATCHES - UNMEASURED) / 1000 }))
  await verifier.close()
}

async function main() {
  const dirs = (process.env.BENCH_AB ?? '.').split(',').map((d) => resolve(d))
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3)
  let sink: ChildProcess | undefined
  try {
    const started = await spawnServer('bench/request-log-send.ts', { BENCH_SEND_PORTAL: '1' })
    sink = started.child
    const ms: Record<string, number[]> = Object.fromEntries(dirs.map((d) => [d, []]))
    for (let r = 0; r < rounds; r++)
      for (let i = 0; i < dirs.length; i++) {
        const dir = dirs[(i + r) % dirs.length]
        const out = execFileSync('npx', ['tsx', import.meta.filename, dir, started.url], { encoding: 'utf8' })
        const { msPerBatch } = JSON.parse(out.trim().split('\n').pop()!) as { msPerBatch: number }
        ms[dir].push(msPerBatch)
        console.log(`round ${r + 1} ${dir}: ${round(msPerBatch, 2)} ms of CPU a batch of 1,000, load average ${loadavg()[0].toFixed(1)}`)
      }
    for (const d of dirs)
      console.log(
        `${d}: a batch of 1,000 costs ${round(median(ms[d]), 2)} ms of CPU to send (runs ${round(Math.min(...ms[d]), 2)}–${round(Math.max(...ms[d]), 2)})`,
      )
  } finally {
    if (sink) await stop(sink)
  }
}

const [dir, url] = process.argv.slice(2)
if (process.env.BENCH_SEND_PORTAL) portal()
else if (dir) await run(dir, url)
else await main()
