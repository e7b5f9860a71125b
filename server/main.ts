/**
 * `npm start`: builds the script tag's files if they are missing, then serves the demo pages, the
 * bundle and the API. Configuration is by environment variable (config/).
 */
import { bannerLines, servedPages } from './banner'
import { ensureBundle } from './bundle'
import { ConfigError, readConfig, type ServerConfig } from './config'
import { devServiceToken } from './dev-service-token'
import { bufferedLog } from './http/buffered-log'
import { startServer, type RunningServer } from './start'

const log = bufferedLog()

function fail(err: unknown): never {
  // A configuration mistake needs its message, not a stack.
  console.error(err instanceof ConfigError ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err))
  process.exit(1)
}

let server: RunningServer | undefined
let stopping = false
let stoppingSince = 0
// A terminal's Ctrl-C under `npm start` signals npm and the server both, and npm passes its own on: one key press
// arrives twice, a moment apart. Only a signal later than this is someone asking to exit at once.
const SAME_SIGNAL_MS = 1000

// Installed before anything starts: a signal during start-up (a build, a
// first initdb) still ends in an orderly stop instead of Node's default kill.
async function stop(signal: NodeJS.Signals) {
  if (stopping) {
    if (Date.now() - stoppingSince < SAME_SIGNAL_MS) return
    log(`${signal} again: exiting at once.`)
    process.exit(1)
  }
  stopping = true
  stoppingSince = Date.now()
  log(`${signal}: finishing in-flight requests…`)
  if (!server) return // start-up sees `stopping` and stops when it can
  try {
    await server.close()
  } catch (err) {
    fail(err)
  }
  log('Stopped.')
  process.exit(0)
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)

let config: ServerConfig
try {
  // First: every setting that is wrong or missing is named before anything starts.
  config = readConfig()
} catch (err) {
  fail(err)
}
log('Starting Flex Portal…')
let tokenFile: string | undefined
try {
  if (!config.skipBuild) await ensureBundle(log)
  if (!config.production && !config.serviceToken) {
    const dev = await devServiceToken(config.dataDir)
    config = { ...config, serviceToken: dev.token }
    tokenFile = dev.path
  }
  server = await startServer({ ...config, log })
} catch (err) {
  fail(err)
}
if (stopping) {
  await server.close()
  log('Stopped.')
  process.exit(0)
}
// Parsed by the end-to-end tests: keep this exact form on its own line.
console.log(`Flex Portal is running at ${server.url}`)
for (const line of bannerLines({
  url: server.url,
  pages: servedPages(config.demoPages),
  dataDir: config.dataDir,
  databaseUrl: config.databaseUrl,
  mail: config.mail,
  privateWebhooks: config.webhooks.allowPrivateNetworks,
  tokenFile,
  host: config.host,
  demoSignIn: config.demoHostSessions,
  production: config.production,
  corsOrigins: config.corsOrigins,
  invitationUrl: config.invitationUrl,
}))
  log(line)
