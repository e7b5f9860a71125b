import { serve } from '@hono/node-server'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { createApp } from './app'
import { ConfigError, type AppOverrides } from './config'
import { openDatabase, type Database } from './db/index'
import { migrate } from './db/migrate'
import type { Log } from './http/logger'

export const DEMO_DIR = fileURLToPath(new URL('../demo/', import.meta.url))
export const DIST_DIR = fileURLToPath(new URL('../dist/', import.meta.url))

export interface StartOptions extends AppOverrides {
  host?: string
  /** 0 picks a free port. */
  port?: number
  dataDir?: string
  databaseUrl?: string
  log?: Log
  /** Default: the demo pages, then dist/. */
  staticRoots?: readonly string[]
  /** An already open database (tests); otherwise one is opened from dataDir/databaseUrl. */
  db?: Database
  /** How long close() waits for in-flight requests before cutting them off. */
  shutdownTimeoutMs?: number
}

export interface RunningServer {
  /** http://host:port/ — the address to open. */
  url: string
  port: number
  /**
   * Stops accepting connections, lets in-flight requests finish (up to the
   * timeout), then closes the database. Safe to call twice.
   */
  close(): Promise<void>
}

const urlHost = (host: string) => (host.includes(':') ? `[${host}]` : host)

export async function startServer(opts: StartOptions = {}): Promise<RunningServer> {
  const { host = '127.0.0.1', port = 8080, dataDir = '.data/', databaseUrl, log = console.log, shutdownTimeoutMs = 10_000 } = opts
  const db = opts.db ?? (await openDatabase({ dataDir, databaseUrl }))
  try {
    await migrate(db)
  } catch (err) {
    await db.close()
    throw err
  }

  const app = createApp({ db, config: opts, log, staticRoots: opts.staticRoots ?? [DEMO_DIR, DIST_DIR] })
  let server!: Server
  let address: AddressInfo
  try {
    address = await new Promise<AddressInfo>((resolve, reject) => {
      server = serve({ fetch: app.fetch, hostname: host, port }, resolve) as Server
      server.once('error', reject)
    })
  } catch (err) {
    await db.close()
    const code = (err as NodeJS.ErrnoException).code
    if (code === 'EADDRINUSE') throw new ConfigError(`Port ${port} on ${host} is in use. Set PORT to another port (PORT=0 picks a free one).`)
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') throw new ConfigError(`HOST ${host} is not an address of this machine.`)
    throw err
  }

  let closing: Promise<void> | undefined
  const close = () =>
    (closing ??= (async () => {
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), shutdownTimeoutMs)
        // close() waits for in-flight requests; idle keep-alive sockets would
        // hold it open for their whole timeout, so end those now.
        server.close(() => {
          clearTimeout(force)
          resolve()
        })
        server.closeIdleConnections()
      })
      await db.close()
    })())

  return { url: `http://${urlHost(host)}:${address.port}/`, port: address.port, close }
}
