/**
 * Webhook delivery on the reference server (`npm start`'s entry in its own
 * process) with a fresh PGlite, and on PostgreSQL when DATABASE_URL is set.
 * Nothing that sends or receives the load runs in the bench's own process:
 * the receiver (webhook-receiver.ts), the producers (the bench's load client,
 * load-run.ts) and the bare loop (bare-signing-loop.ts) each have one of their own.
 * - latency on an idle server: one message at a time, from the provider's
 *   POST /api/webhooks/messages to the receiver getting the signed delivery
 *   (so it includes the acceptance itself);
 * - throughput: N messages from 10 producers at once (autocannon's
 *   connections, each message with its own idempotency key) to one
 *   endpoint, deliveries received per second from the first POST to the last
 *   delivery, beside the bare loop: 10 at once signing the same kind of body
 *   with standardwebhooks and POSTing it over keep-alive straight to the same
 *   receiver. The bare loop runs before each database and after the last
 *   server; ratios are to the median of its runs.
 * - the ceiling: the same producers through a relay with no database and no
 *   framework (bare-relay-server.ts) to the same receiver.
 * - the yardstick: the producers' POST against the relay's answer alone
 *   (202, nothing sent on), with the bench's client and with autocannon
 *   alone, before the servers and after: the producers are not the limit
 *   when the two are within 10%.
 * Goals (issue 15): p50 ≤ 100 ms, throughput ≥ 0.25× the bare loop.
 * Run alone with `BENCH_ONLY=webhooks npx tsx bench/run.ts` (BENCH_WEBHOOK_MESSAGES: messages per
 * throughput run, default 1000).
 */
import type { ChildProcess } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type autocannon from 'autocannon'
import { clock, forkChild, type IpcChild } from './ipc-child'
import { runAlone, startLoadClient, yardstick, type Load, type LoadClient, type Yardstick } from './load-run'
import { processCpuMs } from './process-cpu'
import { spawnServer } from './spawn-server'
import { median, percentile, round } from './stats'
import { postgresDatabase } from './verify-load'

const SERVICE_TOKEN = randomBytes(24).toString('base64url')
const PRODUCERS = 10
const LATENCY_MESSAGES = 100
/** The bare loop is much faster than a server: more messages a run than a server's, so that each run lasts long enough to time. */
const BARE_MESSAGES = 5000
/** Seconds of each load of the yardstick. */
const YARDSTICK_SECONDS = 3
/** The longest the receiver may wait for the deliveries of messages already accepted. */
const DELIVERY_TIMEOUT_MS = 120_000

export interface WebhookTargetResult {
  database: string
  latency: { messages: number; p50Ms: number; p99Ms: number; maxMs: number }
  /** messages: accepted (202) and delivered; refused: answered otherwise, or not at all. */
  throughput: { messages: number; refused: number; seconds: number; perSecond: number; ratioToBare: number }
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
  /** The bare signing loop in its own process: the median of its runs (before each database and after the last), and each run's rate. */
  bare: { messages: number; perSecond: number; runs: number[] }
  targets: WebhookTargetResult[]
  relay: RelayResult
  /** The producers' POST against the relay's bare 202, with the bench's client and with autocannon alone. */
  yardstick: Yardstick
}

type Receiver = IpcChild<{ url: string }>

async function json(url: string, body: unknown, headers: Record<string, string> = {}) {
  const init = { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }
  const res = await fetch(url, init)
  const data = (await res.json()) as Record<string, string>
  if (res.status >= 300) throw new Error(`${url}: ${res.status} ${JSON.stringify(data)}`)
  return data
}

/** One message, over a keep-alive agent: the latency run sends one at a time, from the bench's process. */
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

const payload = (i: number) => ({ invoiceId: `in_${i}`, amount: 1200 + i, currency: 'EUR', customer: { id: 'cus_1', email: 'ada@example.com' } })

/** The producers: PRODUCERS connections, `messages` POSTs in all (or for `seconds`), each with a new idempotency key. */
function producers(url: string, projectId: string, token: string, size: { messages: number } | { seconds: number }): Load {
  return {
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ projectId, eventType: 'webhook.test', payload: payload(1), idempotencyKey: '[<id>]' }),
    idReplacement: true,
    connections: PRODUCERS,
    // A load of so many requests ends at the first sample after its last answer: samples 10 ms apart, so that its duration is the accepting's.
    ...('messages' in size ? { amount: size.messages, duration: 0, sampleInt: 10 } : { duration: size.seconds }),
  }
}

/** One throughput run: the producers' load, until the receiver has every accepted message; and the CPU the process `pid` spent on it. */
async function deliver(client: LoadClient, rx: Receiver, load: Load, pid?: number) {
  await rx.request({ mark: true })
  const before = processCpuMs(pid)
  const started = clock()
  const result = await client.run(load)
  const messages = result['2xx']
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${load.url}: ${messages} messages accepted, not all delivered`)), DELIVERY_TIMEOUT_MS)
  })
  const { at } = await Promise.race([rx.request<{ at: number }>({ count: messages }), timeout]).finally(() => clearTimeout(timer))
  const after = processCpuMs(pid)
  const seconds = (at - started) / 1000
  return {
    messages,
    refused: result.non2xx + result.errors + result.timeouts,
    seconds: round(seconds, 2),
    perSecond: round(messages / seconds, 0),
    acceptedPerSecond: round(messages / result.duration, 0),
    serverCpuUsPerMessage: before === undefined || after === undefined ? undefined : round(((after - before) * 1000) / messages, 0),
  }
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return
  child.kill('SIGTERM')
  await new Promise((resolve) => child.once('exit', resolve))
}

async function measureTarget(database: string, env: Record<string, string>, client: LoadClient, rx: Receiver, messages: number) {
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
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  try {
    const api = `${url}/api`
    const device = await json(`${api}/device`, { deviceUDID: 'bench', deviceType: 'WEB' })
    const user = await json(
      `${api}/register`,
      { name: 'Bench', email: `bench.${randomUUID()}@example.com`, password: 'correct horse battery' },
      { authorization: `Bearer ${device.accessToken}` },
    )
    const project = await json(`${api}/manage/dapp`, { name: 'Bench' }, { authorization: `Bearer ${user.accessToken}` })
    await json(`${api}/manage/dapp/${project.id}/webhooks`, { url: rx.ready.url }, { authorization: `Bearer ${user.accessToken}` })
    const run = randomUUID()
    const arrival = async (i: number, phase: string) => {
      const start = clock()
      const body = { projectId: project.id, eventType: 'webhook.test', payload: payload(i), idempotencyKey: `${run}-${phase}-${i}` }
      const { id } = await postJson(agent, `${api}/webhooks/messages`, body, { authorization: `Bearer ${SERVICE_TOKEN}` })
      const { at } = await rx.request<{ at: number }>({ arrival: id })
      return at - start
    }

    for (let i = 0; i < 20; i++) await arrival(i, 'warm')
    const latencies: number[] = []
    for (let i = 0; i < LATENCY_MESSAGES; i++) latencies.push(await arrival(i, 'latency'))

    const load = producers(`${api}/webhooks/messages`, project.id, SERVICE_TOKEN, { messages })
    const { acceptedPerSecond, serverCpuUsPerMessage, ...throughput } = await deliver(client, rx, load, child.pid)
    return {
      database,
      accepted: { perSecond: acceptedPerSecond },
      serverCpuUsPerMessage,
      latency: {
        messages: latencies.length,
        p50Ms: round(median(latencies), 1),
        p99Ms: round(percentile(latencies, 99), 1),
        maxMs: round(Math.max(...latencies), 1),
      },
      throughput,
    }
  } finally {
    agent.destroy()
    await stop(child)
  }
}

/** The same producers through bench/bare-relay-server.ts, warmed up first. */
async function measureRelay(client: LoadClient, rx: Receiver, messages: number) {
  const { child, url } = await spawnServer('bench/bare-relay-server.ts', { RELAY_TARGET: rx.ready.url })
  try {
    await deliver(client, rx, producers(`${url}/webhooks/messages`, 'relay', 'relay', { messages: 1000 })) // warm-up
    const { perSecond, serverCpuUsPerMessage } = await deliver(client, rx, producers(`${url}/webhooks/messages`, 'relay', 'relay', { messages }), child.pid)
    return { perSecond, serverCpuUsPerMessage }
  } finally {
    await stop(child)
  }
}

export async function measureWebhookDelivery(messages = Number(process.env.BENCH_WEBHOOK_MESSAGES ?? 1000)): Promise<WebhookDeliveryResult> {
  const cleanups: Array<() => Promise<void>> = []
  try {
    const rx = await forkChild<{ url: string }>('./webhook-receiver.ts')
    cleanups.push(rx.close)
    const client = await startLoadClient()
    cleanups.push(client.close)
    const signer = await forkChild('./bare-signing-loop.ts')
    cleanups.push(signer.close)
    // The relay's own answer, with nothing sent on: a handler the producers' client can be measured against.
    const accept = await spawnServer('bench/bare-relay-server.ts', { RELAY_TARGET: '' })
    cleanups.push(() => stop(accept.child))

    const bareMessages = Math.max(messages, BARE_MESSAGES)
    const bareLoop = async (n: number) => {
      const { seconds } = await signer.request<{ seconds: number }>({ url: rx.ready.url, messages: n, producers: PRODUCERS })
      return round(n / seconds, 0)
    }
    const yardstickLoad = producers(`${accept.url}/webhooks/messages`, 'relay', 'relay', { seconds: YARDSTICK_SECONDS })
    const benchClient: autocannon.Result[] = []
    const alone: autocannon.Result[] = []
    // The bench's client and autocannon alone, one after the other, then the other way round after the servers.
    const measureYardstick = async (aloneFirst: boolean) => {
      const steps = [async () => alone.push(await runAlone(yardstickLoad)), async () => benchClient.push(await client.run(yardstickLoad))]
      for (const step of aloneFirst ? steps : steps.reverse()) await step()
    }

    await client.run({ ...yardstickLoad, duration: 1 }) // warm-up
    await measureYardstick(false)
    await bareLoop(bareMessages) // warm-up
    // The bare loop's rate moves from one run to the next: it runs before each database and after
    // the last server, and every ratio is to the median of those runs.
    const bareRuns = [await bareLoop(bareMessages)]
    const measured: Array<Omit<WebhookTargetResult, 'throughput'> & { throughput: Omit<WebhookTargetResult['throughput'], 'ratioToBare'> }> = []
    const dataDir = mkdtempSync(join(tmpdir(), 'flex-bench-webhooks-'))
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }))
    measured.push(await measureTarget('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' }, client, rx, messages))
    bareRuns.push(await bareLoop(bareMessages))
    const databaseUrl = process.env.DATABASE_URL
    if (databaseUrl) {
      const database = await postgresDatabase(databaseUrl)
      cleanups.push(database.drop)
      const pgDataDir = mkdtempSync(join(tmpdir(), 'flex-bench-webhooks-'))
      cleanups.push(async () => rmSync(pgDataDir, { recursive: true, force: true }))
      measured.push(await measureTarget('PostgreSQL', { DATA_DIR: pgDataDir, DATABASE_URL: database.url }, client, rx, messages))
      bareRuns.push(await bareLoop(bareMessages))
    }
    const relay = await measureRelay(client, rx, messages)
    bareRuns.push(await bareLoop(bareMessages))
    await measureYardstick(true)

    const bare = { messages: bareMessages, perSecond: round(median(bareRuns), 0), runs: bareRuns }
    const targets = measured.map((t) => ({ ...t, throughput: { ...t.throughput, ratioToBare: round(t.throughput.perSecond / bare.perSecond, 2) } }))
    return { bare, targets, relay: { ...relay, ratioToBare: round(relay.perSecond / bare.perSecond, 2) }, yardstick: yardstick(benchClient, alone) }
  } finally {
    for (const c of cleanups.reverse()) await c()
  }
}
