/**
 * `npm start`: builds the bundle if needed, then serves the demo pages, the
 * bundle and the API. Configuration is by environment variable (config.ts).
 */
import { ensureBundle } from './bundle'
import { ConfigError, readConfig } from './config'
import { startServer } from './start'

const log = (line: string) => console.log(line)

async function main() {
  const config = readConfig()
  if (!config.skipBuild) await ensureBundle(log)
  const server = await startServer({ ...config, log })
  // Parsed by the end-to-end tests: keep this exact form on its own line.
  console.log(`Flex Portal is running at ${server.url}`)
  console.log(config.databaseUrl ? 'Database: PostgreSQL (DATABASE_URL)' : `Database: embedded PostgreSQL in ${config.dataDir}`)

  let stopping = false
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      log(`${signal} again: exiting at once.`)
      process.exit(1)
    }
    stopping = true
    log(`${signal}: finishing in-flight requests…`)
    try {
      await server.close()
      log('Stopped.')
      process.exit(0)
    } catch (err) {
      console.error(`Shutdown failed: ${err instanceof Error ? err.message : String(err)}`)
      process.exit(1)
    }
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}

main().catch((err: unknown) => {
  // A configuration mistake needs its message, not a stack.
  console.error(err instanceof ConfigError ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err))
  process.exit(1)
})
