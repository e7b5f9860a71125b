/**
 * Load tests, and the figures the bench reports of them. The load is always
 * generated in a process of its own, never in the bench's:
 * - `startLoadClient()`: the bench's client, autocannon in a forked process
 *   (load-client.ts) that runs one load after another;
 * - `runAlone()`: autocannon alone, a new process per load that runs nothing
 *   else, the yardstick that shows whether the bench's client is the limit
 *   (`yardstick()`: the same bare handler under each, within 10%).
 */
import { execFile, fork, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type autocannon from 'autocannon'
import { ROOT } from './paths'
import { median, round } from './stats'

export interface LoadRun {
  endpoint: string
  connections: number
  durationS: number
  requests: number
  requestsPerSec: number
  latencyP50Ms: number
  latencyP99Ms: number
  latencyMaxMs: number
  errors: number
  non2xx: number
  timeouts: number
}

/** One load test: what the load client is sent, so plain data only. */
export interface Load {
  url: string
  method?: 'GET' | 'POST'
  body?: string
  headers?: Record<string, string>
  connections: number
  /** Seconds. */
  duration: number
  /** Paths on url's origin, one a request in turn, instead of url's own. */
  paths?: string[]
  /** Each `[<id>]` in the body becomes a new random id on every request (an idempotency key, say). */
  idReplacement?: boolean
  /** Requests to send in all, instead of running for `duration`. */
  amount?: number
  /** Requests a second in all, at most (autocannon's `overallRate`): a fixed load instead of as many as the server takes. */
  overallRate?: number
  /** Milliseconds between autocannon's samples, which is also how soon after its last answer a load with `amount` ends. */
  sampleInt?: number
}

export interface LoadClient {
  run(load: Load): Promise<autocannon.Result>
  close(): Promise<void>
}

const LOAD_CLIENT = fileURLToPath(new URL('./load-client.ts', import.meta.url))

type Reply = { ready?: true; result?: autocannon.Result; error?: string }

/** Starts the bench's load client and waits until it is ready. */
export async function startLoadClient(): Promise<LoadClient> {
  const child: ChildProcess = fork(LOAD_CLIENT, [], { cwd: ROOT, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  const next = () =>
    new Promise<Reply>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the load client exited (${code})`))
      child.once('exit', onExit)
      child.once('message', (m: Reply) => {
        child.off('exit', onExit)
        resolve(m)
      })
    })
  await next()
  // One load at a time: each waits for the one before it.
  let queue: Promise<unknown> = Promise.resolve()
  return {
    run(load) {
      const result = queue.then(async () => {
        const reply = next()
        child.send(load)
        const { result, error } = await reply
        if (!result) throw new Error(`load on ${load.url} failed: ${error}`)
        return result
      })
      queue = result.catch(() => undefined)
      return result
    },
    async close() {
      if (child.exitCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    },
  }
}

/** autocannon's API and nothing else, in a plain node process: its options in argv[1], its result on stdout. */
const ALONE = `require('autocannon')(JSON.parse(process.argv[1]), (err, result) => {
  if (err) { console.error(err.message); process.exit(1) }
  console.log(JSON.stringify(result))
})`

/**
 * The same load from autocannon alone: a new node process per load that runs
 * autocannon and nothing else (no loader, no messages to the bench). Its
 * arguments can be read by any process on the machine: for the bare handlers
 * only, which take no secret. A second of warm-up, not counted, comes first:
 * the bench's client runs warm, and a new process's first second is not
 * (`warmUpS` 0: none, for a bench at its smallest, whose figures are not read).
 */
export function runAlone(load: Load, warmUpS = 1): Promise<autocannon.Result> {
  if (load.paths) throw new Error('runAlone: one URL only')
  const options = { ...load, ...(warmUpS > 0 ? { warmup: { connections: load.connections, duration: warmUpS } } : {}) }
  return new Promise((resolve, reject) =>
    execFile(process.execPath, ['-e', ALONE, JSON.stringify(options)], { cwd: ROOT, maxBuffer: 1 << 24 }, (err, stdout, stderr) => {
      if (err) return reject(new Error(`autocannon alone on ${load.url}: ${err.message}\n${stderr}`))
      resolve(JSON.parse(stdout) as autocannon.Result)
    }),
  )
}

/** Requests over the time they took, over several runs. */
export const rate = (runs: autocannon.Result[]): number => Math.round(runs.reduce((n, r) => n + r.requests.total, 0) / runs.reduce((s, r) => s + r.duration, 0))

/** The bare handler under the bench's client against under autocannon alone: the client is not the limit when within 10%. */
export interface Yardstick {
  /** The bare handler's requests a second with the bench's client, and with autocannon alone. */
  benchClient: number
  alone: number
  /** benchClient / alone, the median of the rounds'. */
  ratio: number
  ok: boolean
}

/**
 * How long each load of the yardstick runs, for a bench of `durationS`: half
 * of it, but 3 s at least, since a new process is slower in its first second.
 */
export const yardstickSeconds = (durationS: number) => Math.max(3, durationS / 2)

/** The most the bench's client may differ from autocannon alone on the same bare handler. */
export const YARDSTICK_TOLERANCE = 0.1

/** `benchClient` and `alone` are the same rounds, in pairs taken one after the other: the ratio is the median of the pairs'. */
export function yardstick(benchClient: autocannon.Result[], alone: autocannon.Result[]): Yardstick {
  const ratio = median(benchClient.map((r, i) => rate([r]) / rate([alone[i]])))
  return { benchClient: rate(benchClient), alone: rate(alone), ratio: round(ratio, 2), ok: Math.abs(ratio - 1) <= YARDSTICK_TOLERANCE }
}

/** The yardstick as the bench prints it. */
export function yardstickLine(what: string, y: Yardstick): string {
  const figures = `${what}: ${y.benchClient.toLocaleString('en')} req/s with the bench's client, ${y.alone.toLocaleString('en')} req/s with autocannon alone (a new process that runs nothing else): ratio ${y.ratio} (the median of its pairs of loads, each pair taken one right after the other)`
  return y.ok
    ? `yardstick ok: ${figures}, within ${YARDSTICK_TOLERANCE * 100}%`
    : `yardstick FAIL: ${figures}, not within ${YARDSTICK_TOLERANCE * 100}%: ` +
        (y.ratio < 1
          ? "the bench's client is the limit here, and the ratios to the bare handler below flatter the product"
          : 'autocannon alone fell short of the bench’s client (the machine’s load moved between the loads, or they were too short for a new process): no ratio below can be trusted')
}

export const summarise = (endpoint: string, connections: number, r: autocannon.Result): LoadRun => ({
  endpoint,
  connections,
  durationS: round(r.duration, 1),
  requests: r.requests.total,
  requestsPerSec: round(r.requests.average, 0),
  latencyP50Ms: r.latency.p50,
  latencyP99Ms: r.latency.p99,
  latencyMaxMs: r.latency.max,
  errors: r.errors,
  non2xx: r.non2xx,
  timeouts: r.timeouts,
})
