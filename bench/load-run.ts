/**
 * Load tests, and the figures the bench reports of them. The load is always
 * generated in a process of its own, never in the bench's:
 * - `startLoadClient()`: the bench's client, autocannon in a forked process
 *   (load-client.ts) that runs one load after another;
 * - `runAlone()`: autocannon's own command line, a new process per load, the
 *   yardstick that shows whether the bench's client is the limit
 *   (`yardstick()`: the same bare handler under each, within 10%).
 */
import { execFile, fork, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import type autocannon from 'autocannon'
import { ROOT } from './paths'
import { round } from './stats'

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
}

export interface LoadClient {
  run(load: Load): Promise<autocannon.Result>
  close(): Promise<void>
}

const LOAD_CLIENT = fileURLToPath(new URL('./load-client.ts', import.meta.url))
const AUTOCANNON_CLI = createRequire(import.meta.url).resolve('autocannon')

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

/**
 * The same load from autocannon's command line, alone in a new process. Its
 * arguments can be read by any process on the machine: for the bare handlers
 * only, which take no secret. A second of warm-up, not counted, comes first:
 * the bench's client runs warm, and a new process's first second is not.
 */
export function runAlone(load: Load): Promise<autocannon.Result> {
  if (load.paths) throw new Error('runAlone: autocannon’s command line takes one URL')
  const connections = String(load.connections)
  const args = ['-n', '--json', '-c', connections, '-d', String(load.duration), '-W', '[', '-c', connections, '-d', '1', ']', '-m', load.method ?? 'GET']
  if (load.body !== undefined) args.push('-b', load.body)
  for (const [name, value] of Object.entries(load.headers ?? {})) args.push('-H', `${name}=${value}`)
  return new Promise((resolve, reject) =>
    execFile(process.execPath, [AUTOCANNON_CLI, ...args, load.url], { cwd: ROOT, maxBuffer: 1 << 24 }, (err, stdout, stderr) => {
      if (err) return reject(new Error(`autocannon ${load.url}: ${err.message}\n${stderr}`))
      // With a warm-up it prints two results: the warm-up's, then the load's.
      resolve(JSON.parse(stdout.trim().split('\n').at(-1)!) as autocannon.Result)
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
  /** benchClient / alone. */
  ratio: number
  ok: boolean
}

/** The most the bench's client may differ from autocannon alone on the same bare handler. */
export const YARDSTICK_TOLERANCE = 0.1

export function yardstick(benchClient: autocannon.Result[], alone: autocannon.Result[]): Yardstick {
  const a = rate(benchClient)
  const b = rate(alone)
  const ratio = round(a / b, 2)
  return { benchClient: a, alone: b, ratio, ok: Math.abs(a / b - 1) <= YARDSTICK_TOLERANCE }
}

/** The yardstick as the bench prints it. */
export function yardstickLine(what: string, y: Yardstick): string {
  const figures = `${what}: ${y.benchClient.toLocaleString('en')} req/s with the bench's client, ${y.alone.toLocaleString('en')} req/s with autocannon alone (its command line, a process of its own): ratio ${y.ratio}`
  return y.ok
    ? `yardstick ok: ${figures}, within ${YARDSTICK_TOLERANCE * 100}%`
    : `yardstick FAIL: ${figures}, not within ${YARDSTICK_TOLERANCE * 100}%: ` +
        (y.ratio < 1
          ? "the bench's client is the limit here, and the ratios to the bare handler below flatter the product"
          : 'autocannon alone fell short of the bench’s client: the machine’s load moved between the runs, and no ratio below can be trusted')
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
