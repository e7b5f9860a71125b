/**
 * Key verification under load: POST /api/keys/verify on the reference server
 * (`npm start`'s entry in its own process, its log and all) with a fresh
 * PGlite, and on PostgreSQL when DATABASE_URL is set (a fresh database,
 * dropped afterwards), beside a bare Hono handler in its own process that
 * parses the same JSON body and answers a constant JSON. All of them are
 * started the same way (node with tsx's loader) and run at once. The bench's
 * load client (load-run.ts: autocannon in a process of its own) loads one at
 * a time, with the same connections, in interleaved rounds (the next round
 * starting one further on), so that the drifting load of a shared machine
 * falls on all of them alike. Before the rounds and twice after them, the bare
 * handler is loaded by the bench's client and by autocannon alone, in a new
 * process that runs nothing else, each for half the time (3 s at least: a
 * new process is slower in its first second): the yardstick that the
 * bench's client is not the limit. Goal (issue 20): verification at 0.6x the bare handler or
 * better, with usage recording on and no error. Each round also reads every
 * server process's CPU, for a cost per call that the load client's share of
 * the cores does not move.
 */
import type { ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type autocannon from 'autocannon'
import pg from 'pg'
import { runAlone, startLoadClient, summarise, yardstick, yardstickSeconds, type Load, type LoadRun, type Yardstick } from './load-run'
import { processCpuMs } from './process-cpu'
import { spawnServer } from './spawn-server'
import { median, round } from './stats'

export interface VerifyLoadResult {
  /**
   * The bare handler first, then verification on each database. cpuPerCallUs:
   * the server process's CPU per answered call, the median of the rounds';
   * cpuRatioToBare: the median of the rounds' ratios to the bare handler's
   * (both undefined where /proc cannot be read).
   */
  runs: Array<LoadRun & { ratioToBare?: number; roundRatios?: [number, number]; cpuPerCallUs?: number; cpuRatioToBare?: number }>
  /** The bare handler under the bench's client against under autocannon alone, before the rounds and after. */
  yardstick: Yardstick
}

const SERVICE_TOKEN = randomBytes(24).toString('base64url')
/** What the bare handler is sent instead: the same length, and no secret, since autocannon alone takes it in its arguments, which the machine can read. */
const BARE_TOKEN = 'x'.repeat(SERVICE_TOKEN.length)

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return
  child.kill('SIGTERM')
  await new Promise((resolve) => child.once('exit', resolve))
}

/** A POST of JSON with an optional bearer token, its JSON answer; a refusal throws. The benches' setup calls. */
export async function call<T>(url: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

/** A user, a project and its first key, made through the API. */
async function seedKey(api: string): Promise<string> {
  const { accessToken: device } = await call<{ accessToken: string }>(`${api}/device`, { deviceUDID: 'bench-device', deviceType: 'WEB' })
  const { accessToken } = await call<{ accessToken: string }>(
    `${api}/register`,
    { name: 'Bench', email: `bench-${Date.now()}@example.com`, password: 'correct horse battery staple' },
    device,
  )
  const project = await call<{ apiKey: Record<string, string> }>(`${api}/manage/dapp`, { name: 'Verify bench' }, accessToken)
  return Object.values(project.apiKey)[0]
}

/** One server under test, ready to be loaded. */
interface Target {
  endpoint: string
  url: string
  body: string
  token: string
  /** The server's process, whose CPU each round reads. */
  pid: number | undefined
  stop(): Promise<void>
}

/** Verification on one database: its key is seeded through the API and its answer checked before any load. */
async function verifyTarget(label: string, env: Record<string, string>, cleanup: () => Promise<void>): Promise<Target> {
  let server: Awaited<ReturnType<typeof spawnServer>>
  try {
    server = await spawnServer('server/main.ts', { SERVICE_TOKEN, ...env })
  } catch (err) {
    await cleanup()
    throw err
  }
  const { child, url } = server
  const stopAll = async () => {
    await stop(child)
    await cleanup()
  }
  try {
    const key = await seedKey(`${url}/api`)
    const verifyUrl = `${url}/api/keys/verify`
    const answer = await call<{ valid: boolean }>(verifyUrl, { key }, SERVICE_TOKEN)
    if (!answer.valid) throw new Error(`the seeded key does not verify: ${JSON.stringify(answer)}`)
    return {
      endpoint: `POST /api/keys/verify (${label})`,
      url: verifyUrl,
      body: JSON.stringify({ key }),
      token: SERVICE_TOKEN,
      pid: child.pid,
      stop: stopAll,
    }
  } catch (err) {
    await stopAll()
    throw err
  }
}

export async function postgresDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `flex_bench_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE ${name}`)
  } catch (err) {
    await admin.end()
    throw err
  }
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await admin.end()
    },
  }
}

/** The rounds of one target as one run: requests over the time they took; p50 and p99 the median of the rounds', max the highest. */
function combine(endpoint: string, connections: number, rounds: autocannon.Result[]): LoadRun {
  const parts = rounds.map((r) => summarise(endpoint, connections, r))
  const durationS = rounds.reduce((sum, r) => sum + r.duration, 0)
  const requests = parts.reduce((sum, r) => sum + r.requests, 0)
  return {
    endpoint,
    connections,
    durationS: round(durationS, 1),
    requests,
    requestsPerSec: Math.round(requests / durationS),
    latencyP50Ms: median(parts.map((r) => r.latencyP50Ms)),
    latencyP99Ms: median(parts.map((r) => r.latencyP99Ms)),
    latencyMaxMs: Math.max(...parts.map((r) => r.latencyMaxMs)),
    errors: parts.reduce((sum, r) => sum + r.errors, 0),
    non2xx: parts.reduce((sum, r) => sum + r.non2xx, 0),
    timeouts: parts.reduce((sum, r) => sum + r.timeouts, 0),
  }
}

export async function measureVerifyLoad(durationS: number, connections = 10, rounds = 10): Promise<VerifyLoadResult> {
  const targets: Target[] = []
  const client = await startLoadClient()
  try {
    const bare = await spawnServer('bench/bare-verify-server.ts', {})
    const bareTarget: Target = {
      endpoint: 'bare Hono handler (same body, constant JSON)',
      url: `${bare.url}/keys/verify`,
      body: JSON.stringify({ key: `fxk_${randomBytes(32).toString('base64url')}` }),
      token: BARE_TOKEN,
      pid: bare.child.pid,
      stop: () => stop(bare.child),
    }
    targets.push(bareTarget)
    const dataDir = mkdtempSync(join(tmpdir(), 'flex-bench-verify-'))
    targets.push(await verifyTarget('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' }, async () => rmSync(dataDir, { recursive: true, force: true })))
    const databaseUrl = process.env.DATABASE_URL
    if (databaseUrl) {
      const database = await postgresDatabase(databaseUrl)
      targets.push(await verifyTarget('PostgreSQL', { DATABASE_URL: database.url }, database.drop))
    }

    const spec = (t: Target, duration: number): Load => ({
      url: t.url,
      method: 'POST',
      body: t.body,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${t.token}` },
      connections,
      duration,
    })
    const load = (t: Target, duration: number) => client.run(spec(t, duration))
    for (const t of targets) await load(t, 1) // warm-up, not recorded
    const benchBare: autocannon.Result[] = []
    const alone: autocannon.Result[] = []
    // The bench's client and autocannon alone, one after the other, then the other way round after the rounds.
    const measureYardstick = async (aloneFirst: boolean) => {
      const steps = [
        async () => alone.push(await runAlone(spec(bareTarget, yardstickSeconds(durationS)))),
        async () => benchBare.push(await load(bareTarget, yardstickSeconds(durationS))),
      ]
      for (const step of aloneFirst ? steps : steps.reverse()) await step()
    }
    await measureYardstick(false)
    const results = targets.map((): autocannon.Result[] => [])
    // Each round's CPU per call, per target (undefined: not readable here).
    const cpu = targets.map((): Array<number | undefined> => [])
    const slice = durationS / rounds
    for (let r = 0; r < rounds; r++) {
      for (let i = 0; i < targets.length; i++) {
        const at = (r + i) % targets.length
        const before = processCpuMs(targets[at].pid)
        const result = await load(targets[at], slice)
        const after = processCpuMs(targets[at].pid)
        results[at].push(result)
        cpu[at].push(before === undefined || after === undefined ? undefined : ((after - before) * 1000) / Math.max(1, result.requests.total))
      }
    }
    await measureYardstick(true)
    // A third pair: with two, one pair disturbed by the machine decided the median (0.84 once on a quiet machine, 1.06 on the next run).
    await measureYardstick(false)
    const known = (xs: Array<number | undefined>) => (xs.every((x) => x !== undefined) ? (xs as number[]) : undefined)

    const runs: VerifyLoadResult['runs'] = targets.map((t, i) => {
      const perCall = known(cpu[i])
      return { ...combine(t.endpoint, connections, results[i]), cpuPerCallUs: perCall && round(median(perCall), 0) }
    })
    const bareRun = runs[0]
    const bareCpu = known(cpu[0])
    for (let i = 1; i < runs.length; i++) {
      const run = runs[i]
      const perCall = known(cpu[i])
      if (perCall && bareCpu) run.cpuRatioToBare = round(median(perCall.map((x, r) => x / bareCpu[r])), 2)
      run.ratioToBare = round(run.requestsPerSec / bareRun.requestsPerSec, 2)
      const perRound = results[i].map((x, r) => x.requests.total / x.duration / (results[0][r].requests.total / results[0][r].duration))
      run.roundRatios = [round(Math.min(...perRound), 2), round(Math.max(...perRound), 2)]
    }
    return { runs, yardstick: yardstick(benchBare, alone) }
  } finally {
    await client.close()
    for (const t of targets.reverse()) await t.stop()
  }
}
