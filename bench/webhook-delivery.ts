/**
 * Webhook delivery on the reference server (`npm start`'s entry in its own
 * process) with a fresh PGlite, and on PostgreSQL when DATABASE_URL is set,
 * beside a durable relay built on pg-boss on the same PostgreSQL
 * (pgboss-relay-server.ts). Nothing that sends or receives the load runs in
 * the bench's own process: the receiver (webhook-receiver.ts) and the
 * producers (the bench's load client, load-run.ts) each have one of their own.
 * - latency on an idle server: one message at a time, from the provider's
 *   POST /webhooks/messages to the receiver getting the signed delivery (so
 *   it includes the acceptance itself);
 * - throughput: N messages from 10 producers at once (autocannon's
 *   connections, each message with its own idempotency key) to one
 *   endpoint, deliveries received per second from the first POST to the last
 *   delivery; and latency under that load: one message at a time from the
 *   bench's process beside the producers, POST to receipt. The reference
 *   server on PostgreSQL and the pg-boss relay take turns (A B B A …), and
 *   the ratio is of the medians of their rounds.
 * - the ceiling: the same producers through a relay with no database and no
 *   framework (bare-relay-server.ts) to the same receiver.
 * - the yardstick: the producers' POST against the relay's answer alone
 *   (202, nothing sent on), with the bench's client and with autocannon
 *   alone, before the servers and after: the producers are not the limit
 *   when the two are within 10%.
 * - CPU per message: the server's process, and on PostgreSQL the database's
 *   backends serving it (webhook-database-cpu.ts), for both servers.
 * Goals (issue 38): deliveries/s ≥ 1.3× the pg-boss relay, p50 ≤ 100 ms.
 * Run alone with `BENCH_ONLY=webhooks npx tsx bench/run.ts` (BENCH_WEBHOOK_MESSAGES: messages per
 * throughput run, default 1000; BENCH_WEBHOOK_ROUNDS: rounds of each on PostgreSQL, default 4).
 * An A/B of a change: BENCH_WEBHOOK_BASELINE, comma-separated folders each
 * holding another checkout of this product (with its node_modules), adds
 * their servers to the same turns, each on a database of its own.
 */
import type { ChildProcess } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import type autocannon from 'autocannon'
import pg from 'pg'
import { clock, forkChild, type IpcChild } from './ipc-child'
import { backendsCpu, spentSince } from './webhook-database-cpu'
import { json, postJson } from './webhook-http'
import { runAlone, startLoadClient, yardstick, type Load, type LoadClient, type Yardstick } from './load-run'
import { processCpuMs } from './process-cpu'
import { spawnServer } from './spawn-server'
import { median, percentile, round } from './stats'
import { postgresDatabase } from './verify-load'

const SERVICE_TOKEN = randomBytes(24).toString('base64url')
const PRODUCERS = 10
const LATENCY_MESSAGES = 100
/** Seconds of each load of the yardstick. */
const YARDSTICK_SECONDS = 3
/** The longest the receiver may wait for the deliveries of messages already accepted. */
const DELIVERY_TIMEOUT_MS = 120_000

export interface Latency {
  messages: number
  p50Ms: number
  p99Ms: number
  maxMs: number
}
export interface Throughput {
  /** Messages accepted (202) and delivered per round; refused: answered otherwise, or not at all, in all rounds. */
  messages: number
  refused: number
  /** Deliveries per second: the median of the rounds, and each round's. */
  perSecond: number
  rounds: number[]
  /** How fast the producers' POSTs were accepted (median of the rounds). */
  acceptedPerSecond: number
  /** CPU the server's process spent per message delivered (median of the rounds; PGlite's database included). */
  serverCpuUsPerMessage?: number
  /** CPU PostgreSQL's backends serving the server's database spent per message delivered (median of the rounds). */
  databaseCpuUsPerMessage?: number
  /** One message at a time beside the producers, POST to receipt, over every round. */
  underLoad: Latency
}
export interface WebhookTargetResult {
  name: string
  /** One message at a time on an idle server. */
  latency: Latency
  throughput: Throughput
}
export interface WebhookDeliveryResult {
  /** This build on PGlite and (with DATABASE_URL) on PostgreSQL. */
  targets: WebhookTargetResult[]
  /** The pg-boss relay on the same PostgreSQL (with DATABASE_URL), and this build's deliveries/s on PostgreSQL over it. */
  pgBoss?: WebhookTargetResult & { ratio: number }
  /** The relay with no database and no framework: the most any server could deliver here. */
  relay: { perSecond: number; serverCpuUsPerMessage?: number }
  /** The producers' POST against the relay's bare 202, with the bench's client and with autocannon alone. */
  yardstick: Yardstick
}

type Receiver = IpcChild<{ url: string }>

/** A server under test: where the provider POSTs a message, and what it sends along. */
interface Target {
  name: string
  child: ChildProcess
  messagesUrl: string
  headers: Record<string, string>
  projectId: string
  agent: http.Agent
  /** The PostgreSQL database it uses: its backends' CPU is counted per message. */
  database?: string
}

const payload = (i: number) => ({ invoiceId: `in_${i}`, amount: 1200 + i, currency: 'EUR', customer: { id: 'cus_1', email: 'ada@example.com' } })

/** The producers: PRODUCERS connections, `messages` POSTs in all (or for `seconds`), each with a new idempotency key. */
function producers(url: string, projectId: string, headers: Record<string, string>, size: { messages: number } | { seconds: number }): Load {
  return {
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ projectId, eventType: 'webhook.test', payload: payload(1), idempotencyKey: '[<id>]' }),
    idReplacement: true,
    connections: PRODUCERS,
    // A load of so many requests ends at the first sample after its last answer: samples 10 ms apart, so that its duration is the accepting's.
    ...('messages' in size ? { amount: size.messages, duration: 0, sampleInt: 10 } : { duration: size.seconds }),
  }
}

const latency = (xs: number[]): Latency => ({
  messages: xs.length,
  p50Ms: round(median(xs), 1),
  p99Ms: round(percentile(xs, 99), 1),
  maxMs: round(Math.max(...xs), 1),
})

/** One message through `t`, POST to receipt, in ms. */
async function arrival(t: Target, rx: Receiver, i: number, key: string): Promise<number> {
  const start = clock()
  const body = { projectId: t.projectId, eventType: 'webhook.test', payload: payload(i), idempotencyKey: key }
  const { id } = await postJson(t.agent, t.messagesUrl, body, t.headers)
  const { at } = await rx.request<{ at: number }>({ arrival: id })
  return at - start
}

async function idleLatency(t: Target, rx: Receiver): Promise<Latency> {
  const run = randomUUID()
  for (let i = 0; i < 20; i++) await arrival(t, rx, i, `${run}-warm-${i}`)
  const xs: number[] = []
  for (let i = 0; i < LATENCY_MESSAGES; i++) xs.push(await arrival(t, rx, i, `${run}-idle-${i}`))
  return latency(xs)
}

/**
 * One throughput round: the producers' load, and beside it one message at a
 * time from this process; until the receiver has every accepted message.
 */
async function deliver(client: LoadClient, rx: Receiver, t: Target, messages: number, admin?: pg.Client) {
  await rx.request({ mark: true })
  const databaseBefore = await backendsCpu(admin, t.database)
  const before = processCpuMs(t.child.pid)
  const started = clock()
  let loading = true
  const probes: number[] = []
  const run = randomUUID()
  const probing = (async () => {
    while (loading) probes.push(await arrival(t, rx, probes.length, `${run}-probe-${probes.length}`))
  })()
  const result = await client.run(producers(t.messagesUrl, t.projectId, t.headers, { messages })).finally(() => (loading = false))
  await probing
  const accepted = result['2xx']
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${t.name}: ${accepted} messages accepted, not all delivered`)), DELIVERY_TIMEOUT_MS)
  })
  const { at } = await Promise.race([rx.request<{ at: number }>({ count: accepted + probes.length }), timeout]).finally(() => clearTimeout(timer))
  const after = processCpuMs(t.child.pid)
  const databaseAfter = await backendsCpu(admin, t.database)
  const seconds = (at - started) / 1000
  return {
    messages: accepted,
    refused: result.non2xx + result.errors + result.timeouts,
    perSecond: round((accepted + probes.length) / seconds, 0),
    acceptedPerSecond: round(accepted / result.duration, 0),
    serverCpuUsPerMessage: before === undefined || after === undefined ? undefined : round(((after - before) * 1000) / accepted, 0),
    databaseCpuUsPerMessage: databaseAfter.size > 0 ? round((spentSince(databaseBefore, databaseAfter) * 1000) / accepted, 0) : undefined,
    probes,
  }
}

type Round = Awaited<ReturnType<typeof deliver>>
function throughput(rounds: Round[]): Throughput {
  const cpu = rounds.map((r) => r.serverCpuUsPerMessage).filter((x) => x !== undefined)
  const databaseCpu = rounds.map((r) => r.databaseCpuUsPerMessage).filter((x) => x !== undefined)
  return {
    messages: rounds[0].messages,
    refused: rounds.reduce((n, r) => n + r.refused, 0),
    perSecond: round(median(rounds.map((r) => r.perSecond)), 0),
    rounds: rounds.map((r) => r.perSecond),
    acceptedPerSecond: round(median(rounds.map((r) => r.acceptedPerSecond)), 0),
    serverCpuUsPerMessage: cpu.length > 0 ? round(median(cpu), 0) : undefined,
    databaseCpuUsPerMessage: databaseCpu.length > 0 ? round(median(databaseCpu), 0) : undefined,
    underLoad: latency(rounds.flatMap((r) => r.probes)),
  }
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return
  child.kill('SIGTERM')
  await new Promise((resolve) => child.once('exit', resolve))
}

/** The reference server with a new account, project and endpoint at the receiver. */
async function startReference(name: string, env: Record<string, string>, rx: Receiver, root = ''): Promise<Target> {
  const { child, url } = await spawnServer(
    root ? join(root, 'server/main.ts') : 'server/main.ts',
    { SERVICE_TOKEN, WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', RATE_LIMIT_PER_USER: '1000000', RATE_LIMIT_PER_ADDRESS: '1000000', ...env },
    300_000, // a first start makes the embedded database: slow on a busy machine
  )
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
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    const messagesUrl = `${api}/webhooks/messages`
    return {
      name,
      child,
      messagesUrl,
      headers: { authorization: `Bearer ${SERVICE_TOKEN}` },
      projectId: project.id,
      agent,
      database: databaseName(env.DATABASE_URL),
    }
  } catch (err) {
    await stop(child)
    throw err
  }
}

async function startRelay(name: string, script: string, env: Record<string, string>): Promise<Target> {
  const { child, url } = await spawnServer(script, env)
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  return { name, child, messagesUrl: `${url}/webhooks/messages`, headers: {}, projectId: 'relay', agent, database: databaseName(env.DATABASE_URL) }
}

const databaseName = (url: string | undefined) => (url ? decodeURIComponent(new URL(url).pathname.slice(1)) : undefined)

async function close(t: Target) {
  t.agent.destroy()
  await stop(t.child)
}

export async function measureWebhookDelivery(
  messages = Number(process.env.BENCH_WEBHOOK_MESSAGES ?? 1000),
  rounds = Number(process.env.BENCH_WEBHOOK_ROUNDS ?? 4),
): Promise<WebhookDeliveryResult> {
  const cleanups: Array<() => Promise<void>> = []
  try {
    const rx = await forkChild<{ url: string }>('./webhook-receiver.ts')
    cleanups.push(rx.close)
    const client = await startLoadClient()
    cleanups.push(client.close)
    // The relay's own answer, with nothing sent on: a handler the producers' client can be measured against.
    const accept = await spawnServer('bench/bare-relay-server.ts', { RELAY_TARGET: '' })
    cleanups.push(() => stop(accept.child))
    const yardstickLoad = producers(`${accept.url}/webhooks/messages`, 'relay', {}, { seconds: YARDSTICK_SECONDS })
    const benchClient: autocannon.Result[] = []
    const alone: autocannon.Result[] = []
    // The bench's client and autocannon alone, one after the other, then the other way round after the servers.
    const measureYardstick = async (aloneFirst: boolean) => {
      const steps = [async () => alone.push(await runAlone(yardstickLoad)), async () => benchClient.push(await client.run(yardstickLoad))]
      for (const step of aloneFirst ? steps : steps.reverse()) await step()
    }
    await client.run({ ...yardstickLoad, duration: 1 }) // warm-up
    await measureYardstick(false)

    /** Idle latency, a warm-up round, then `n` rounds taking turns with the others given. */
    const measure = async (targets: Target[], n: number, admin?: pg.Client): Promise<WebhookTargetResult[]> => {
      const idle: Latency[] = []
      for (const t of targets) {
        idle.push(await idleLatency(t, rx))
        await deliver(client, rx, t, Math.min(messages, 500)) // warm-up
      }
      const measured: Round[][] = targets.map(() => [])
      for (let r = 0; r < n; r++) {
        const order = targets.map((_, i) => i)
        for (const i of r % 2 === 0 ? order : order.reverse()) measured[i].push(await deliver(client, rx, targets[i], messages, admin))
      }
      return targets.map((t, i) => ({ name: t.name, latency: idle[i], throughput: throughput(measured[i]) }))
    }

    const targets: WebhookTargetResult[] = []
    const dataDir = mkdtempSync(join(tmpdir(), 'flex-bench-webhooks-'))
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }))
    const pglite = await startReference('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' }, rx)
    try {
      targets.push(...(await measure([pglite], 1)))
    } finally {
      await close(pglite)
    }

    let pgBoss: WebhookDeliveryResult['pgBoss']
    const databaseUrl = process.env.DATABASE_URL
    if (databaseUrl) {
      const [database, bossDatabase] = [await postgresDatabase(databaseUrl), await postgresDatabase(databaseUrl)]
      cleanups.push(database.drop, bossDatabase.drop)
      const pgDataDir = mkdtempSync(join(tmpdir(), 'flex-bench-webhooks-'))
      cleanups.push(async () => rmSync(pgDataDir, { recursive: true, force: true }))
      const reference = await startReference('PostgreSQL', { DATA_DIR: pgDataDir, DATABASE_URL: database.url }, rx)
      cleanups.push(() => close(reference))
      const boss = await startRelay('pg-boss relay', 'bench/pgboss-relay-server.ts', { RELAY_TARGET: rx.ready.url, DATABASE_URL: bossDatabase.url })
      cleanups.push(() => close(boss))
      const compared = [reference, boss]
      // An A/B of a change: other checkouts of this product (BENCH_WEBHOOK_BASELINE, comma-separated), each on a database of its own, in the same turns.
      for (const root of (process.env.BENCH_WEBHOOK_BASELINE ?? '').split(',').filter(Boolean)) {
        const baselineDatabase = await postgresDatabase(databaseUrl)
        cleanups.push(baselineDatabase.drop)
        const baselineDataDir = mkdtempSync(join(tmpdir(), 'flex-bench-webhooks-'))
        cleanups.push(async () => rmSync(baselineDataDir, { recursive: true, force: true }))
        const baseline = await startReference(`build ${basename(root)}`, { DATA_DIR: baselineDataDir, DATABASE_URL: baselineDatabase.url }, rx, root)
        cleanups.push(() => close(baseline))
        compared.splice(compared.length - 1, 0, baseline)
      }
      const admin = new pg.Client({ connectionString: databaseUrl })
      await admin.connect()
      cleanups.push(() => admin.end())
      const [ours, ...others] = await measure(compared, rounds, admin)
      const theirs = others.pop()!
      targets.push(ours, ...others)
      pgBoss = { ...theirs, ratio: round(ours.throughput.perSecond / theirs.throughput.perSecond, 2) }
      for (const t of compared) await close(t)
    }

    const bare = await startRelay('no database', 'bench/bare-relay-server.ts', { RELAY_TARGET: rx.ready.url })
    let relay: WebhookDeliveryResult['relay']
    try {
      await deliver(client, rx, bare, Math.min(messages, 1000)) // warm-up
      const r = await deliver(client, rx, bare, messages)
      relay = { perSecond: r.perSecond, serverCpuUsPerMessage: r.serverCpuUsPerMessage }
    } finally {
      await close(bare)
    }
    await measureYardstick(true)
    return { targets, pgBoss, relay, yardstick: yardstick(benchClient, alone) }
  } finally {
    for (const c of cleanups.reverse()) await c()
  }
}
