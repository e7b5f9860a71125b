/**
 * One real server for the whole run (fresh DATA_DIR), shared by every file that
 * does not need its own: starting it costs seconds of a two-core machine, and
 * fresh e-mail addresses keep the tests independent of each other. At the end
 * it must stop cleanly on SIGTERM.
 */
import type { TestProject } from 'vitest/node'
import { removeDataDir, startServer } from './server'

export interface SharedServer {
  url: string
  origin: string
  port: number
  dataDir: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eServer: SharedServer
  }
}

export default async function setup(project: TestProject) {
  const server = await startServer()
  project.provide('e2eServer', { url: server.url, origin: server.origin, port: server.port, dataDir: server.dataDir })
  return async () => {
    const code = await server.stop()
    await removeDataDir(server.dataDir)
    if (code !== 0) throw new Error(`The shared server exited with code ${code} on SIGTERM, not 0. Its output:\n${server.output()}`)
  }
}
