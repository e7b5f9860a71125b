import type { IncomingMessage, Server } from 'node:http'
import { Server as NetServer, type AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { createApp } from './app'
import { ConfigError, dataFolder, type AppOverrides } from './config'
import { openDatabase, type Database } from './db/index'
import { migrate, NewerSchemaError } from './db/migrate'
import { COMMON } from './http/errors'
import { lingerAfterAnswer } from './http/linger'
import { nodeServer, type RequestBounds } from './http/node-listener'
import type { Log } from './http/logger'
import type { StaticRoot } from './http/static'
import { databaseProblem } from './db/connect-problem'
import { checkEncryptionKey, KeyMismatchError } from './security/encryption-check'
import { keyFromDataDir } from './security/encryption-key-file'

export const DEMO_DIR = fileURLToPath(new URL('../demo/', import.meta.url))
export const DIST_DIR = fileURLToPath(new URL('../dist/', import.meta.url))

export interface StartOptions extends AppOverrides {
  host?: string
  /** 0 picks a free port. */
  port?: number
  dataDir?: string
  databaseUrl?: string
  log?: Log
  /** Default: the demo pages (unless `demoPages` is false), then dist/. */
  staticRoots?: ReadonlyArray<string | StaticRoot>
  /** Serve the demo pages (default true; readConfig turns it off in production). */
  demoPages?: boolean
  /** NODE_ENV=production: the docs page's demo API is not served, even with the demo pages (it would count anyone's calls in real projects). */
  production?: boolean
  /** An already open database (tests); otherwise one is opened from dataDir/databaseUrl. */
  db?: Database
  /** How long close() waits for in-flight requests before cutting them off. */
  shutdownTimeoutMs?: number
  /**
   * How long close() keeps idle keep-alive connections open, answering a
   * request on them with 503 and Connection: close, so a request already on
   * its way gets an answer, not a reset.
   */
  drainGraceMs?: number
  /** How long a client has to send a request's head, and the whole request (default REQUEST_BOUNDS; tests: shorter). */
  requestBounds?: RequestBounds
}

export interface RunningServer {
  /** http://host:port/ — the address to open. */
  url: string
  port: number
  /**
   * Drains: stops listening at once (new connections are refused); on the
   * open connections in-flight requests finish, answered with Connection:
   * close, and any request arriving meanwhile gets 503 with Connection: close
   * (a reset would look like a crash to the client); after a short grace the
   * idle connections are closed, then the database. Safe to call twice.
   */
  close(): Promise<void>
}

export const DRAINING_MESSAGE = COMMON.SERVER_RESTARTING.message

/**
 * Wraps the app's fetch for a graceful stop: counts requests in flight and,
 * once draining, marks every answer Connection: close and has the app answer
 * new requests 503 at once, through its headers (lingering, as after a 413,
 * when a body is on its way).
 */
function drainer({ fetch, drain }: { fetch: (req: Request, env?: unknown) => Response | Promise<Response>; drain: () => void }) {
  let draining = false
  let inFlight = 0
  let onIdle: (() => void) | undefined
  const closeAfter = (res: Response): Response => {
    try {
      res.headers.set('Connection', 'close')
      return res
    } catch {
      const copy = new Response(res.body, res) // immutable headers
      copy.headers.set('Connection', 'close')
      return copy
    }
  }
  return {
    fetch: async (req: Request, env?: unknown): Promise<Response> => {
      if (draining) {
        // The app answers it 503 before its body is read: the rest is read and discarded before the close (linger.ts).
        const incoming = (env as { incoming?: IncomingMessage } | undefined)?.incoming
        if (incoming) lingerAfterAnswer(incoming)
      }
      inFlight++
      try {
        const res = await fetch(req, env)
        return draining ? closeAfter(res) : res
      } finally {
        if (--inFlight === 0) onIdle?.()
      }
    },
    start: () => {
      draining = true
      drain()
    },
    /** Resolves when no request is in flight, or after `timeoutMs`. */
    idle: (timeoutMs: number) =>
      new Promise<void>((resolve) => {
        if (inFlight === 0) return resolve()
        const timer = setTimeout(resolve, timeoutMs)
        onIdle = () => {
          clearTimeout(timer)
          resolve()
        }
      }),
  }
}

const urlHost = (host: string) => (host.includes(':') ? `[${host}]` : host)

export async function startServer(opts: StartOptions = {}): Promise<RunningServer> {
  const { host = '127.0.0.1', port = 8080, dataDir = '.data/', databaseUrl, log = console.log, shutdownTimeoutMs = 10_000, drainGraceMs = 300 } = opts
  // A PostgreSQL that cannot be reached (or refuses the URL's credentials) is
  // a setting to fix, said in one sentence, not node-postgres's stack.
  const db =
    opts.db ??
    (await openDatabase({ dataDir, databaseUrl }).catch((err: unknown) => {
      throw databaseUrl ? new ConfigError(databaseProblem(databaseUrl, err)) : err
    }))
  try {
    await migrate(db, undefined, log)
  } catch (err) {
    await db.close()
    throw err instanceof NewerSchemaError ? new ConfigError(err.message) : err
  }

  let secretEncryptionKey = opts.secretEncryptionKey
  try {
    // Given an open database (tests) and no key, the app uses a key of its process, and DATA_DIR is not written.
    if (!opts.db) secretEncryptionKey ??= await keyFromDataDir(await dataFolder(dataDir), log)
    if (secretEncryptionKey) await checkEncryptionKey(db, secretEncryptionKey, opts.secretEncryptionKeyPrevious, log)
  } catch (err) {
    await db.close()
    throw err instanceof KeyMismatchError ? new ConfigError(err.message) : err
  }
  const settings = { ...opts, secretEncryptionKey }
  const bundle: StaticRoot = { dir: DIST_DIR, crossOrigin: true, bundle: true }
  const staticRoots = opts.staticRoots ?? (opts.demoPages === false ? [bundle] : [DEMO_DIR, bundle])
  // The demo API goes with the demo pages: its samples are on /docs.html.
  const app = createApp({ db, config: settings, log, staticRoots, demoApi: opts.demoPages !== false && !opts.production })
  const drain = drainer(app)
  let server!: Server
  let address: AddressInfo
  try {
    address = await new Promise<AddressInfo>((resolve, reject) => {
      server = nodeServer(drain.fetch, host, opts.requestBounds)
      server.once('error', reject)
      server.listen(port, host, () => resolve(server.address() as AddressInfo))
    })
  } catch (err) {
    await app.close()
    await db.close()
    const code = (err as NodeJS.ErrnoException).code
    if (code === 'EADDRINUSE') throw new ConfigError(`Port ${port} on ${host} is in use. Set PORT to another port (PORT=0 picks a free one).`)
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') throw new ConfigError(`HOST ${host} is not an address of this machine.`)
    throw err
  }
  // What the resources run beside their routes (the webhook worker: deliveries accepted before a stop, or a
  // crash, are due again now) and the pruning of old rows (db/retention.ts), all stopped by app.close().
  app.start()

  let closing: Promise<void> | undefined
  const close = () =>
    (closing ??= (async () => {
      const deadline = Date.now() + shutdownTimeoutMs
      drain.start()
      // Stop listening now (a new connection is refused, cleanly), but keep the
      // open ones: http's own close() would also drop idle keep-alive
      // connections at once, racing a request a client may be sending on one —
      // that race is the reset. On them a request now gets 503 + Connection:
      // close, and in-flight ones finish with Connection: close.
      const stopped = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()))
      await Promise.all([new Promise((r) => setTimeout(r, drainGraceMs)), drain.idle(shutdownTimeoutMs)])
      // What is still idle after the grace is a quiet client: end it, and any
      // connection that a last request leaves idle.
      server.closeIdleConnections()
      const sweep = setInterval(() => server.closeIdleConnections(), 50)
      const force = setTimeout(() => server.closeAllConnections(), Math.max(0, deadline - Date.now()))
      await stopped
      clearInterval(sweep)
      clearTimeout(force)
      // The worker, the last second of usage counts, and the caches' LISTEN connections, before the database goes.
      await app.close()
      await db.close()
    })())

  return { url: `http://${urlHost(host)}:${address.port}/`, port: address.port, close }
}
