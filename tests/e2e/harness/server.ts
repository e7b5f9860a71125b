/**
 * The real server, started as a child process the way `npm start` starts it
 * (`tsx server/main.ts`), on a free port and a fresh temporary DATA_DIR.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test, type TestInfo } from '@playwright/test'
import { BUNDLE, ROOT } from './paths'

export interface ServerProcess {
  /** `http://127.0.0.1:PORT/`, as printed by the server. */
  url: string
  origin: string
  port: number
  dataDir: string
  /** Everything the server printed (request lines carry no token, by design). */
  output(): string
  /** SIGTERM, then the exit code; throws when it does not exit in time. */
  stop(): Promise<number | null>
}

const READY = /Flex Portal is running at (http:\/\/\S+)/
/**
 * A start on a fresh data directory loads the server's modules and creates and migrates its database:
 * 61 s from spawn to address on a two-core machine at a load of 11, where 60 s failed two files' starts.
 */
export const START_TIMEOUT_MS = 120_000
const STOP_TIMEOUT_MS = 15_000

export async function newDataDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'flex-e2e-'))
}

export async function removeDataDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true })
}

/**
 * Starts the server; `port` 0 picks a free one (pass the old port to restart
 * "the same API"), `dataDir` defaults to a fresh temporary folder.
 */
export async function startServer({
  port = 0,
  dataDir,
  requireBundle = true,
  env: extraEnv = {},
}: { port?: number; dataDir?: string; requireBundle?: boolean; env?: Record<string, string> } = {}): Promise<ServerProcess> {
  // A restart skips this: like `npm start`, the server builds a missing bundle itself.
  if (requireBundle && !existsSync(BUNDLE)) {
    throw new Error('dist/flex-portal.js is missing: run the suite with `npm run test:e2e`, which builds it first.')
  }
  // The start's time is added to the test or hook that asks for it, so that none has to set a budget that knows it.
  allowForStart()
  const dir = dataDir ?? (await newDataDir())
  const env: NodeJS.ProcessEnv = { ...process.env, ...extraEnv, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir }
  // CI exports DATABASE_URL for the server suite; the browser suite wants its own
  // embedded database per run, so a restart can keep or drop the data at will.
  delete env.DATABASE_URL
  // `npm start` is `tsx server/main.ts`; `node --import tsx` is the same loader in
  // one process, so SIGTERM reaches the server itself and its exit code is ours.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))

  const url = await new Promise<string>((resolve, reject) => {
    let settled = false
    const timer = setTimeout(() => fail(`did not print its address within ${START_TIMEOUT_MS / 1000} s`), START_TIMEOUT_MS)
    const onData = () => {
      const match = READY.exec(output)
      if (match && !settled) {
        settled = true
        clearTimeout(timer)
        resolve(match[1])
      }
    }
    function fail(why: string) {
      if (settled) return
      settled = true
      clearTimeout(timer)
      child.kill('SIGKILL')
      reject(new Error(`The server ${why}. Its output:\n${output}`))
    }
    child.stdout!.on('data', onData)
    void exited.then((code) => fail(`exited with code ${code} before it was ready`))
  })
  const parsed = new URL(url)

  return {
    url,
    origin: parsed.origin,
    port: Number(parsed.port),
    dataDir: dir,
    output: () => output,
    stop: () => stopChild(child, exited),
  }
}

function allowForStart(): void {
  let info: TestInfo
  try {
    info = test.info()
  } catch {
    return // not inside a test or hook
  }
  if (info.timeout > 0) info.setTimeout(info.timeout + START_TIMEOUT_MS)
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode
  child.kill('SIGTERM')
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), STOP_TIMEOUT_MS)))
  const result = await Promise.race([exited, timeout])
  clearTimeout(timer)
  if (result === 'timeout') {
    child.kill('SIGKILL')
    throw new Error(`The server did not exit within ${STOP_TIMEOUT_MS / 1000} s of SIGTERM.`)
  }
  return result
}
