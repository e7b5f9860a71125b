/**
 * Webhook deliveries shared fairly between projects: two accounts, each a
 * project with 10 endpoints at a receiver that answers after 20 s (past the
 * server's 15 s time limit, so every attempt holds its slot to the end),
 * send "Send test event" in a loop to each endpoint, while a third
 * project's provider sends one message at a time to a receiver that answers
 * at once: its delay, POST /webhooks/messages to receipt, beside the same
 * on an idle server. Run twice: with the server's defaults, and with the test
 * events' budget and the users' fair share lifted (so the scheduling alone
 * stands between the attackers' backlog and the third project).
 * The reference server runs in its own process (on PostgreSQL with
 * DATABASE_URL, PGlite otherwise), the prompt receiver in its own
 * (webhook-receiver.ts); the slow receiver and the attackers' loops, which
 * only wait, in the bench's.
 * Goal (issue 38): under attack, the third project's p90 ≤ 1 s and slowest ≤ 3 s.
 * Run alone with `BENCH_ONLY=webhookfairness npx tsx bench/run.ts`
 * (BENCH_FAIRNESS_SECONDS: seconds measured under attack, default 30).
 */
import type { ChildProcess } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { clock, forkChild, type IpcChild } from './ipc-child'
import { spawnServer } from './spawn-server'
import { median, percentile, round } from './stats'
import { postgresDatabase } from './verify-load'
import { json, postJson } from './webhook-http'

const SERVICE_TOKEN = randomBytes(24).toString('base64url')
const SLOW_ANSWER_MS = 20_000
const ENDPOINTS = 10
/** The third project sends a message this often (after the last one arrived). */
const PROBE_EVERY_MS = 250
/** Each attacker's loop per endpoint pauses this long between test events. */
const FLOOD_PAUSE_MS = 50
/** How long the attack runs before the third project's delays are measured: past the first attempts' time limit. */
const ATTACK_WARMUP_MS = 17_000

export interface Delays {
  samples: number
  p50Ms: number
  p90Ms: number
  maxMs: number
}
export interface FairnessRun {
  /** The third project's delays. */
  other: Delays
  /** The attackers' test events: accepted (202) and refused (429). */
  accepted: number
  refused: number
  /** Deliveries the slow receiver was sent. */
  slowReceived: number
}
export interface WebhookFairnessResult {
  database: string
  idle: Delays
  attack: FairnessRun
  /** The same attack with the test events' budget and the users' fair share lifted. */
  unbudgeted: FairnessRun
  seconds: number
}

const delays = (xs: number[]): Delays => ({
  samples: xs.length,
  p50Ms: round(median(xs), 0),
  p90Ms: round(percentile(xs, 90), 0),
  maxMs: round(Math.max(...xs), 0),
})

/** A receiver that answers every POST after SLOW_ANSWER_MS. */
async function slowReceiver() {
  let received = 0
  const timers = new Set<NodeJS.Timeout>()
  const server = http.createServer((req, res) => {
    received++
    req.resume()
    const timer = setTimeout(() => {
      timers.delete(timer)
      res.writeHead(204).end()
    }, SLOW_ANSWER_MS)
    timers.add(timer)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received: () => received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t)
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A new account's project, with endpoints at `urls`. */
async function account(api: string, urls: string[]) {
  const device = await json(`${api}/device`, { deviceUDID: `bench-${randomUUID()}`, deviceType: 'WEB' })
  const email = `bench.${randomUUID()}@example.com`
  const user = await json(`${api}/register`, { name: 'Bench', email, password: 'correct horse battery' }, { authorization: `Bearer ${device.accessToken}` })
  const auth = { authorization: `Bearer ${user.accessToken}` }
  const project = await json(`${api}/manage/dapp`, { name: 'Bench' }, auth)
  const endpoints: string[] = []
  for (const url of urls) endpoints.push((await json(`${api}/manage/dapp/${project.id}/webhooks`, { url }, auth)).id)
  return { projectId: project.id, auth, endpoints }
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return
  child.kill('SIGTERM')
  await new Promise((resolve) => child.once('exit', resolve))
}

/** One run on a fresh server: the third project's delays for `seconds`, under attack when `attack` says how. */
async function run(env: Record<string, string>, rx: IpcChild<{ url: string }>, seconds: number, attack?: Record<string, string>) {
  const { child, url } = await spawnServer('server/main.ts', { SERVICE_TOKEN, WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', ...env, ...attack }, 300_000)
  const slow = await slowReceiver()
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  let attacking = Boolean(attack)
  const floods: Array<Promise<void>> = []
  try {
    const api = `${url}/api`
    const other = await account(api, [rx.ready.url])
    let [accepted, refused] = [0, 0]
    if (attack) {
      for (const a of [1, 2]) {
        const attacker = await account(
          api,
          Array.from({ length: ENDPOINTS }, (_, i) => `${slow.url}/a${a}/${i}`),
        )
        for (const endpoint of attacker.endpoints) {
          const testUrl = `${api}/manage/dapp/${attacker.projectId}/webhooks/${endpoint}/test`
          floods.push(
            (async () => {
              while (attacking) {
                const res = await fetch(testUrl, { method: 'POST', headers: attacker.auth }).catch(() => undefined)
                await res?.body?.cancel()
                if (res?.status === 202) accepted++
                else refused++
                await sleep(FLOOD_PAUSE_MS)
              }
            })(),
          )
        }
      }
      await sleep(ATTACK_WARMUP_MS)
    }
    const samples: number[] = []
    const until = clock() + seconds * 1000
    const runId = randomUUID()
    for (let i = 0; clock() < until; i++) {
      const start = clock()
      const body = { projectId: other.projectId, eventType: 'webhook.test', payload: { i }, idempotencyKey: `${runId}-${i}` }
      const { id } = await postJson(agent, `${api}/webhooks/messages`, body, { authorization: `Bearer ${SERVICE_TOKEN}` })
      const { at } = await rx.request<{ at: number }>({ arrival: id })
      samples.push(at - start)
      await sleep(Math.max(0, start + PROBE_EVERY_MS - clock()))
    }
    return { other: delays(samples), accepted, refused, slowReceived: slow.received() }
  } finally {
    attacking = false
    await Promise.all(floods)
    agent.destroy()
    await stop(child)
    await slow.close()
  }
}

export async function measureWebhookFairness(seconds = Number(process.env.BENCH_FAIRNESS_SECONDS ?? 30)): Promise<WebhookFairnessResult> {
  const cleanups: Array<() => Promise<void>> = []
  try {
    const rx = await forkChild<{ url: string }>('./webhook-receiver.ts')
    cleanups.push(rx.close)
    const databaseUrl = process.env.DATABASE_URL
    /** A fresh database (and DATA_DIR) for each run. */
    const fresh = async (): Promise<Record<string, string>> => {
      const dataDir = mkdtempSync(join(tmpdir(), 'flex-bench-fairness-'))
      cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }))
      if (!databaseUrl) return { DATA_DIR: dataDir, DATABASE_URL: '' }
      const database = await postgresDatabase(databaseUrl)
      cleanups.push(database.drop)
      return { DATA_DIR: dataDir, DATABASE_URL: database.url }
    }
    const idle = (await run(await fresh(), rx, Math.max(10, seconds / 3))).other
    const attack = await run(await fresh(), rx, seconds, {})
    const unbudgeted = await run(await fresh(), rx, seconds, {
      WEBHOOK_TEST_EVENTS_PER_MINUTE: '1000000',
      RATE_LIMIT_PER_USER: '1000000',
      RATE_LIMIT_PER_ADDRESS: '1000000',
    })
    return { database: databaseUrl ? 'PostgreSQL' : 'PGlite', idle, attack, unbudgeted, seconds }
  } finally {
    for (const c of cleanups.reverse()) await c()
  }
}
