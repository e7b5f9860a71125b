/**
 * `test` and `expect` for the browser suite. Every test gets a fresh context
 * on the server's origin whose pages may use the clipboard, and fails when its
 * pages logged a console error, threw, or broke the CSP. A file that stops and
 * restarts the API asks for a server of its own with
 * `test.use({ ownServer: true })` and drives it through `serverProcess`.
 */
import { test as base, expect, type Page } from '@playwright/test'
import { describeFindings, injectAxe, seriousViolations } from './axe'
import { collectProblems, type PageProblems } from './problems'
import { removeDataDir, START_TIMEOUT_MS, startServer, type ServerProcess } from './server'

export { expect }

export interface FlexServer {
  /** `http://127.0.0.1:PORT/`, as the server printed it. */
  readonly url: string
  readonly origin: string
  readonly port: number
}

export interface ServerControl {
  /** SIGTERM (the server must exit 0); the next test or `restart` brings it back. */
  stop(): Promise<void>
  /** Starts it again on the same port, with the same data or a fresh data directory. */
  restart(opts?: { freshData?: boolean }): Promise<void>
}

export interface Axe {
  /** Serious and critical violations on the whole document, described; '' when there are none. */
  check(page: Page): Promise<string>
}

/** The file's own server: same port across restarts, so the page keeps talking to "the same API". */
class OwnServer implements FlexServer, ServerControl {
  /** The file's own variables (ownServerEnv), kept across restarts. */
  constructor(private readonly env: Record<string, string> = {}) {}
  private process: ServerProcess | undefined
  private running = false
  private readonly dataDirs = new Set<string>()

  private get current(): ServerProcess {
    if (!this.process) throw new Error('the server has not started')
    return this.process
  }
  get url() {
    return this.current.url
  }
  get origin() {
    return this.current.origin
  }
  get port() {
    return this.current.port
  }
  get isRunning() {
    return this.running
  }

  async start(opts: { port?: number; dataDir?: string; requireBundle?: boolean } = {}): Promise<void> {
    this.process = await startServer({ ...opts, env: this.env })
    this.dataDirs.add(this.process.dataDir)
    this.running = true
  }

  async stop(): Promise<void> {
    if (!this.process || !this.running) return
    this.running = false
    const code = await this.process.stop()
    expect(code, `the server should exit 0 on SIGTERM; its output:\n${this.process.output()}`).toBe(0)
  }

  async restart({ freshData = false } = {}): Promise<void> {
    const { port, dataDir } = this.current
    await this.stop()
    await this.start({ port, dataDir: freshData ? undefined : dataDir, requireBundle: false })
  }

  /** After a test that stopped it: back on the same port and data. */
  async ensureRunning(): Promise<void> {
    if (this.process && !this.running) await this.start({ port: this.port, dataDir: this.process.dataDir, requireBundle: false })
  }

  async dispose(): Promise<void> {
    await this.stop()
    await Promise.all([...this.dataDirs].map(removeDataDir))
  }
}

/** The run's server, started by the config's webServer (`npm start`). */
function sharedServer(): FlexServer {
  const url = process.env.FLEX_E2E_URL
  if (!url) throw new Error('FLEX_E2E_URL is not set: run the browser suite with `npm run test:e2e` (playwright.config.ts starts the server).')
  const parsed = new URL(url)
  return { url, origin: parsed.origin, port: Number(parsed.port) }
}

export const test = base.extend<
  { serverProcess: ServerControl; problems: PageProblems; axe: Axe },
  { ownServer: boolean; ownServerEnv: Record<string, string>; server: FlexServer }
>({
  ownServer: [false, { scope: 'worker', option: true }],
  /** With ownServer: variables of the file's own server (a webhook receiver on loopback needs private networks allowed). */
  ownServerEnv: [{}, { scope: 'worker', option: true }],

  server: [
    async ({ ownServer, ownServerEnv }, use) => {
      if (!ownServer) return use(sharedServer())
      const own = new OwnServer(ownServerEnv)
      try {
        await own.start()
        await use(own)
      } finally {
        await own.dispose()
      }
    },
    // A start on a busy two-core machine takes its time (START_TIMEOUT_MS), and its disposal a stop.
    { scope: 'worker', timeout: START_TIMEOUT_MS + 30_000 },
  ],

  baseURL: async ({ server }, use) => use(server.url),

  serverProcess: async ({ server }, use) => {
    if (!(server instanceof OwnServer)) throw new Error('serverProcess needs test.use({ ownServer: true }): the shared server is not this file’s to stop.')
    await use(server)
    // A test that stopped the server leaves the next one a working API.
    await server.ensureRunning()
  },

  problems: [
    async ({ context }, use) => {
      const problems = await collectProblems(context)
      await use(problems)
      expect(problems.pageErrors, 'uncaught errors in the page').toEqual([])
      expect(problems.consoleErrors, 'console errors or warnings').toEqual([])
      expect(problems.cspViolations, 'CSP violations').toEqual([])
    },
    { auto: true },
  ],

  axe: async ({ context }, use) => {
    // An init script of the context: it applies to the next document of every page, under any CSP.
    await injectAxe(context)
    await use({ check: async (page) => describeFindings(await seriousViolations(page)) })
  },
})
