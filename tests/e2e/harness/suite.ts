/**
 * Per test file: one Chromium, and the run's shared server (global-setup.ts) or,
 * for a file that stops and restarts it, a server of its own (fresh DATA_DIR).
 * Per test: fresh contexts, closed afterwards. A server must stop cleanly on SIGTERM.
 */
import type { Browser, BrowserContextOptions } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest'
import { launchBrowser, newFlexContext, type FlexContext, type PageProblems } from './browser'
import type { SharedServer } from './global-setup'
import { removeDataDir, startServer, type ServerProcess } from './server'

export interface Suite {
  readonly server: SharedServer
  readonly browser: Browser
  /** A new context on the server's origin, closed after the test. */
  context(options?: BrowserContextOptions): Promise<FlexContext>
  /** Own server only: SIGTERM it (it must exit 0); the next test or restart brings it back. */
  stopServer(): Promise<void>
  /** Own server only: starts it again on the same port, with the same data or a fresh DATA_DIR. */
  restartServer(opts?: { freshData?: boolean }): Promise<void>
}

export function useSuite({ ownServer = false }: { ownServer?: boolean } = {}): Suite {
  const shared = ownServer ? undefined : inject('e2eServer')
  let server: ServerProcess | undefined
  let browser: Browser | undefined
  let running = false
  /** Why the browser or server could not start: every test then fails with it (never skips). */
  let setupError: unknown
  const dataDirs = new Set<string>()
  const contexts: FlexContext[] = []

  const stop = async () => {
    if (!server || !running) return
    running = false
    const code = await server.stop()
    expect(code, `the server should exit 0 on SIGTERM; its output:\n${server.output()}`).toBe(0)
  }

  const start = async (opts: { port?: number; dataDir?: string; requireBundle?: boolean } = {}) => {
    server = await startServer(opts)
    dataDirs.add(server.dataDir)
    running = true
  }

  beforeAll(async () => {
    const [launched, started] = await Promise.allSettled([launchBrowser(), ownServer ? start() : Promise.resolve()])
    if (launched.status === 'fulfilled') browser = launched.value
    else setupError = launched.reason
    if (started.status === 'rejected') setupError ??= started.reason
  })

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map(({ context }) => context.close()))
    // A test that stopped the server leaves the next one a working API.
    if (server && !running) await start({ port: server.port, dataDir: server.dataDir, requireBundle: false })
  })

  afterAll(async () => {
    await browser?.close()
    await stop()
    await Promise.all([...dataDirs].map(removeDataDir))
  })

  return {
    get server(): SharedServer {
      if (setupError) throw setupError
      if (shared) return shared
      if (!server) throw new Error('the server has not started')
      return server
    },
    get browser() {
      if (setupError) throw setupError
      if (!browser) throw new Error('the browser has not started')
      return browser
    },
    async context(options) {
      const flex = await newFlexContext(this.browser, this.server.origin, { baseURL: this.server.url, ...options })
      contexts.push(flex)
      return flex
    },
    async stopServer() {
      if (!ownServer) throw new Error('stopServer() needs useSuite({ ownServer: true })')
      await stop()
    },
    async restartServer({ freshData = false } = {}) {
      if (!ownServer) throw new Error('restartServer() needs useSuite({ ownServer: true })')
      const { port, dataDir } = this.server
      await stop()
      await start({ port, dataDir: freshData ? undefined : dataDir, requireBundle: false })
    },
  }
}

/** The widget caused no uncaught error, console error or CSP violation. */
export function expectNoProblems(problems: PageProblems): void {
  expect(problems.pageErrors, 'uncaught errors in the page').toEqual([])
  expect(problems.consoleErrors, 'console errors or warnings').toEqual([])
  expect(problems.cspViolations, 'CSP violations').toEqual([])
}
