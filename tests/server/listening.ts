import { afterEach } from 'vitest'
import { startServer, type RunningServer, type StartOptions } from '../../server/start'
import { freshStorage, type Storage } from './harness'

/**
 * For the tests that speak HTTP to the real listener (Node's parser, the adapter's refusals, lingering): a
 * function that starts a server as `npm start` does (with `options`), on fresh storage and a free port. Each test's server is
 * closed and its storage dropped after it.
 */
export function listeningServers(options: StartOptions = {}): () => Promise<RunningServer> {
  let storage: Storage | undefined
  let server: RunningServer | undefined
  afterEach(async () => {
    await server?.close()
    await storage?.drop()
    server = undefined
    storage = undefined
  })
  return async () => {
    storage = await freshStorage()
    server = await startServer({ port: 0, dataDir: storage.dataDir, databaseUrl: storage.databaseUrl, log: () => {}, ...options })
    return server
  }
}
