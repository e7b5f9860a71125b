/**
 * Webhook delivery on the reference server (`npm start`'s entry in its own
 * process) with a fresh PGlite, and on PostgreSQL when DATABASE_URL is set:
 * - latency on an idle server: one message at a time, from the provider's
 *   POST /api/webhooks/messages to the receiver getting the signed delivery
 *   (so it includes the acceptance itself);
 * - throughput: 10 producers sending at once to one endpoint, deliveries
 *   received per second, beside a bare loop in the same run that POSTs the same
 *   kind of signed body (signed with standardwebhooks per request, over
 *   keep-alive, 10 at a time) straight to the same receiver. The bare loop runs
 *   before each database and after the last; ratios are to the median of its runs.
 * - the ceiling: the same producers through a relay with no database and no
 *   framework (bench/bare-relay-server.ts) to the same receiver, so a reader
 *   sees what share of the bare loop any server could reach on this machine.
 * Goals (issue 15): p50 ≤ 100 ms, throughput ≥ 0.25× the bare loop.
 * Run alone with `BENCH_ONLY=webhooks npx tsx bench/run.ts` (BENCH_WEBHOOK_MESSAGES: messages per
 * throughput run, default 1000).
 */
import type { ChildProcess } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Webhook } from 'standardwebhooks'
import { processCpuMs } from './process-cpu'
import { spawnServer } from './spawn-server'
import { median, percentile, round } from './stats'
import { postgresDatabase } from './verify-load'

const SERVICE_TOKEN = randomBytes(24).toString('base64url')
const PRODUCERS = 10
const LATENCY_MESSAGES = 100
/**
 * The bare loop's least run: 1,000 messages took it 0.06-0.15 s, and its rate
 * moved by half from one run to the next; over 5,000, the runs of one bench
 * were within 15-30% of each other.
 */
const BARE_MESSAGES = 5000

export interface WebhookTargetResult {
  database: string
  latency: { messages: number; p50Ms: number; p99Ms: number; maxMs: number }
  throughput: { messages: number; seconds: number; perSecond: number; ratioToBare: number }
  /** How fast the producers' POSTs were accepted, beside how fast they were delivered. */
  accepted: { perSecond: number }
  /** CPU the server's process spent per message delivered in the throughput run (PGlite's database included). */
  serverCpuUsPerMessage?: number
}
/** The relay with no database and no framework: the most any server could deliver here. */
export interface RelayResult {
  perSecond: number
  ratioToBare: number
  serverCpuUsPerMessage?: number
}
export interface WebhookDeliveryResult {
  /** The median of the bare loop's runs (before each database and after the last), and each run's rate. */
  bare: { messages: number; seconds: number; perSecond: number; runs: number[] }
  targets: WebhookTargetResult[]
  relay: RelayResult
}

/** A receiver that answers 200 at once and tells waiters when a webhook-id arrives. */
async function receiver() {
  const arrivals = new Map<string, number>()
  const waiting = new Map<string, () => void>()
  let count = 0
  let onCount: (() => void) | undefined
  let target = Infinity
  const server = http.createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      const id = String(req.headers['webhook-id'])
      res.end('ok')
      if (!arrivals.has(id)) arrivals.set(id, performance.now())
      waiting.get(id)?.()
      waiting.delete(id)
      if (++count >= target) onCount?.()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    arrived: (id: string) => (arrivals.has(id) ? Promise.resolve() : new Promise<void>((resolve) => waiting.set(id, resolve))),
    arrivalOf: (id: string) => arrivals.get(id)!,
    /** Resolves once `n` more requests have come. */
    more(n: number) {
      target = count + n
      return new Promise<void>((resolve) => (onCount = resolve))
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

async function json(url: string, body: unknown, headers: Record<string, string> = {}) {
  const init = { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }
  const res = await fetch(url, init)
  const data = (await res.json()) as Record<string, string>
  if (res.status >= 300) throw new Error(`${url}: ${res.status} ${JSON.stringify(data)}`)
  return data
}

/**
 * The producers' POST: node's http over a keep-alive agent, the client the
 * bare loop uses, so both sides of the comparison pay the same for their
 * requests (fetch cost the bench process about twice as much CPU per call,
 * taken from the server on this two-core machine).
 */
function postJson(agent: http.Agent, url: string, body: unknown, headers: Record<string, string>): Promise<Record<string, string>> {
  const once = () =>
    new Promise<Record<string, string>>((resolve, reject) => {
      const req = http.request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', ...headers } })
      req.on('response', (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => {
          const data = JSON.parse(Buffer.concat(chunks).toString()) as Record<string, string>
          if ((res.statusCode ?? 500) >= 300) reject(new Error(`${url}: ${res.statusCode} ${JSON.stringify(data)}`))
          else resolve(data)
        })
      })
      req.on('error', reject)
      req.end(JSON.stringify(body))
    })
  // A keep-alive connection the server closed as idle can fail a request as it is sent; the
  // messages carry an idempotency key, so sending one again cannot deliver it twice.
  return once().catch((err: NodeJS.ErrnoException) => (err.code === 'ECONNRESET' ? once() : Promise.reject(err)))
}

/** PRODUCERS sending at once until `messages` are sent, and the receiver has had them all. */
async function produce(rx: Awaited<ReturnType<typeof receiver>>, messages: number, send: (i: number) => Promise<unknown>) {
  const all = rx.more(messages)
  const started = performance.now()
  let next = 0
  await Promise.all(
    Array.from({ length: PRODUCERS }, async () => {
      while (next < messages) await send(next++)
    }),
  )
  const acceptedIn = (performance.now() - started) / 1000
  await all
  return { acceptedIn, seconds: (performance.now() - started) / 1000 }
}

/** produce(), and the CPU the server's process `pid` spent on it, in µs a message (undefined where /proc cannot tell). */
async function produceMeasured(rx: Awaited<ReturnType<typeof receiver>>, messages: number, send: (i: number) => Promise<unknown>, pid?: number) {
  const before = processCpuMs(pid)
  const run = await produce(rx, messages, send)
  const after = processCpuMs(pid)
  const serverCpuUsPerMessage = before === undefined || after === undefined ? undefined : round(((after - before) * 1000) / messages, 0)
  return { ...run, serverCpuUsPerMessage }
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return
  child.kill('SIGTERM')
  await new Promise((resolve) => child.once('exit', resolve))
}

const payload = (i: number) => ({ invoiceId: `in_${i}`, amount: 1200 + i, currency: 'EUR', customer: { id: 'cus_1', email: 'ada@example.com' } })

async function measureTarget(database: string, env: Record<string, string>, rx: Awaited<ReturnType<typeof receiver>>, messages: number) {
  const { child, url } = await spawnServer(
    'server/main.ts',
    {
      SERVICE_TOKEN,
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      RATE_LIMIT_PER_USER: '1000000',
      RATE_LIMIT_PER_ADDRESS: '1000000',
      ...env,
    },
    300_000,
  ) // a first start makes the embedded database: slow on a busy machine
  const agent = new http.Agent({ keepAlive: true, maxSockets: PRODUCERS })
  try {
    const api = `${url}/api`
    const device = await json(`${api}/device`, { deviceUDID: 'bench', deviceType: 'WEB' })
    const user = await json(
      `${api}/register`,
      { name: 'Bench', email: `bench.${randomUUID()}@example.com`, password: 'correct horse battery' },
      { authorization: `Bearer ${device.accessToken}` },
    )
    const project = await json(`${api}/manage/dapp`, { name: 'Bench' }, { authorization: `Bearer ${user.accessToken}` })
    await json(`${api}/manage/dapp/${project.id}/webhooks`, { url: rx.url }, { authorization: `Bearer ${user.accessToken}` })
    const run = randomUUID()
    const send = (i: number, phase: string) =>
      postJson(
        agent,
        `${api}/webhooks/messages`,
        { projectId: project.id, eventType: 'webhook.test', payload: payload(i), idempotencyKey: `${run}-${phase}-${i}` },
        { authorization: `Bearer ${SERVICE_TOKEN}` },
      )

    for (let i = 0; i < 20; i++) await rx.arrived((await send(i, 'warm')).id)
    const latencies: number[] = []
    for (let i = 0; i < LATENCY_MESSAGES; i++) {
      const start = performance.now()
      const { id } = await send(i, 'latency')
      await rx.arrived(id)
      latencies.push(rx.arrivalOf(id) - start)
    }

    const { acceptedIn, seconds, serverCpuUsPerMessage } = await produceMeasured(rx, messages, (i) => send(i, 'load'), child.pid)
    return {
      database,
      accepted: { perSecond: round(messages / acceptedIn, 0) },
      serverCpuUsPerMessage,
      latency: {
        messages: latencies.length,
        p50Ms: round(median(latencies), 1),
        p99Ms: round(percentile(latencies, 99), 1),
        maxMs: round(Math.max(...latencies), 1),
      },
      throughput: { messages, seconds: round(seconds, 2), perSecond: round(messages / seconds, 0) },
    }
  } finally {
    agent.destroy()
    await stop(child)
  }
}

/** The same producers through bench/bare-relay-server.ts, warmed up first. */
async function measureRelay(rx: Awaited<ReturnType<typeof receiver>>, messages: number) {
  const { child, url } = await spawnServer('bench/bare-relay-server.ts', { RELAY_TARGET: rx.url })
  const agent = new http.Agent({ keepAlive: true, maxSockets: PRODUCERS })
  try {
    const send = (i: number) =>
      postJson(agent, `${url}/webhooks/messages`, { projectId: 'relay', eventType: 'webhook.test', payload: payload(i) }, { authorization: 'Bearer relay' })
    await produce(rx, 1000, send) // warm-up
    const { seconds, serverCpuUsPerMessage } = await produceMeasured(rx, messages, send, child.pid)
    return { perSecond: round(messages / seconds, 0), serverCpuUsPerMessage }
  } finally {
    agent.destroy()
    await stop(child)
  }
}

/** The bare loop: PRODUCERS at once, each signing (standardwebhooks) and POSTing a body over keep-alive. */
async function bareLoop(rx: Awaited<ReturnType<typeof receiver>>, messages: number) {
  const signer = new Webhook(`whsec_${randomBytes(32).toString('base64')}`)
  const agent = new http.Agent({ keepAlive: true, maxSockets: PRODUCERS })
  const target = new URL(rx.url)
  const post = (i: number) =>
    new Promise<void>((resolve, reject) => {
      const id = `msg_${randomUUID()}`
      const at = new Date()
      const body = JSON.stringify({ type: 'webhook.test', timestamp: at.toISOString(), data: payload(i) })
      const req = http.request(target, {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'webhook-id': id,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': signer.sign(id, at, body),
        },
      })
      req.on('response', (res) => {
        res.resume()
        res.on('end', resolve)
      })
      req.on('error', reject)
      req.end(body)
    })
  const { seconds } = await produce(rx, messages, post)
  agent.destroy()
  return { messages, seconds: round(seconds, 2), perSecond: round(messages / seconds, 0) }
}

export async function measureWebhookDelivery(messages = Number(process.env.BENCH_WEBHOOK_MESSAGES ?? 1000)): Promise<WebhookDeliveryResult> {
  const rx = await receiver()
  const cleanups: Array<() => Promise<void>> = []
  try {
    await bareLoop(rx, 1000) // warm-up
    // The bare loop's rate moves from one run to the next (see BARE_MESSAGES): it runs before each
    // database, and after the last server, and every ratio is to the median of those runs.
    const bareMessages = Math.max(messages, BARE_MESSAGES)
    const bareRuns = [await bareLoop(rx, bareMessages)]
    const measured: Array<Omit<WebhookTargetResult, 'throughput'> & { throughput: Omit<WebhookTargetResult['throughput'], 'ratioToBare'> }> = []
    const dataDir = mkdtempSync(join(tmpdir(), 'flex-bench-webhooks-'))
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }))
    measured.push(await measureTarget('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' }, rx, messages))
    bareRuns.push(await bareLoop(rx, bareMessages))
    const databaseUrl = process.env.DATABASE_URL
    if (databaseUrl) {
      const database = await postgresDatabase(databaseUrl)
      cleanups.push(database.drop)
      const pgDataDir = mkdtempSync(join(tmpdir(), 'flex-bench-webhooks-'))
      cleanups.push(async () => rmSync(pgDataDir, { recursive: true, force: true }))
      measured.push(await measureTarget('PostgreSQL', { DATA_DIR: pgDataDir, DATABASE_URL: database.url }, rx, messages))
      bareRuns.push(await bareLoop(rx, bareMessages))
    }
    const relay = await measureRelay(rx, messages)
    bareRuns.push(await bareLoop(rx, bareMessages))
    const bare = { ...bareRuns[0], perSecond: round(median(bareRuns.map((b) => b.perSecond)), 0), runs: bareRuns.map((b) => b.perSecond) }
    const targets = measured.map((t) => ({ ...t, throughput: { ...t.throughput, ratioToBare: round(t.throughput.perSecond / bare.perSecond, 2) } }))
    return { bare, targets, relay: { ...relay, ratioToBare: round(relay.perSecond / bare.perSecond, 2) } }
  } finally {
    await rx.close()
    for (const c of cleanups.reverse()) await c()
  }
}
