import { OpenAPIHono } from '@hono/zod-openapi'
import { Hono, type Context } from 'hono'
import { cors } from 'hono/cors'
import { withDefaults, type AppConfig, type AppOverrides } from './config'
import type { Database } from './db/index'
import { fastBodyLimit } from './http/body-limit'
import { HttpError, errorHandler } from './http/errors'
import { logRequests, type Log } from './http/logger'
import { securityHeaders } from './http/security-headers'
import { serveStatic, type StaticRoot } from './http/static'
import { checkStorablePath } from './http/storable'
import type { Pause } from './http/throttle'
import { userLimits, type UserLimitEnv } from './http/user-limit'
import { addressLimits, type AddressLimitEnv } from './http/address-limit'
import { requireToken } from './http/auth'
import { RememberingRouter } from './http/router'
import type { RouteDeps } from './http/route-deps'
import { cacheSet, type CacheSet } from './db/cache'
import { onceJob, retentionScheduler } from './db/retention'
import { pruneRateLimits } from './security/rate-limit'
import { tokenCache, type TokenCache, type TokenEnv } from './http/token-cache'
import { apiKeyRoutes } from './resources/api-keys'
import { capabilitiesRoutes } from './resources/capabilities'
import { docsRoutes, openApiRoutes } from './resources/docs'
import { healthRoutes } from './resources/health'
import { hostSessionRetention, hostSessionRoutes } from './resources/host-sessions'
import { projectRoutes } from './resources/projects'
import { authRoutes, deviceRoutes, sessionRetention } from './resources/session'
import { VERIFY_PATH, keyVerifier, verifyRoutes } from './resources/verify'
import { usageRoutes } from './resources/usage'
import { MESSAGES_PATH, webhookRetention, webhookRoutes } from './resources/webhooks'
import { northwindDemo } from './demo/northwind'
import { processEncryptionKey } from './security/encryption'
import { accountRetention, accountRoutes, requireVerifiedEmail } from './resources/accounts'
import { auditRetention, auditRoutes } from './resources/audit'
import { teamRoutes } from './resources/members'
import { LOGS_PATH, requestLogs } from './resources/logs'
import type { PruneJob } from './db/retention'
import { createMailer } from './mail/index'
import { randomId } from './security/random'

export const BODY_LIMIT_BYTES = 64 * 1024

export interface AppDeps {
  db: Database
  /** Anything left out takes its default (config/). */
  config?: AppOverrides
  /** Where request and error lines go (default: stdout). */
  log?: Log
  /** Folders served at `/`, first match wins (the demo pages, then dist/, cross-origin). None: API only. */
  staticRoots?: ReadonlyArray<string | StaticRoot>
  /** Milliseconds since the epoch (default Date.now); tests move it to pass key expiries. */
  clock?: () => number
  /** How the app waits out its own pauses (a refused call's hold, an address's pacing); default a timer. Tests release them at will. */
  pause?: Pause
}

/** The whole HTTP surface: the API under /api, static files elsewhere. No port: see start.ts. */
export function createApp({ db, config: overrides = {}, log = console.log, staticRoots = [], clock = Date.now, pause }: AppDeps) {
  const config: AppConfig = withDefaults(overrides)
  // The demo's backend calls POST /api/sessions as a provider's would; without
  // SERVICE_TOKEN it gets one for this run, known to nothing outside the process,
  // and good for that route alone: key verification and webhook messages still
  // say they are not configured (503), where a token nobody has made them 401.
  const sessionsToken = config.serviceToken || (config.demoHostSessions ? randomId('svc_', 32) : undefined)
  // start.ts always passes one (SECRET_ENCRYPTION_KEY, or the key file in DATA_DIR); an app made directly (tests) gets its process's.
  config.secretEncryptionKey ??= processEncryptionKey()
  // What this app keeps in memory, heard from the database and stopped by its close() alone.
  const caches = cacheSet(db)
  const deps = { db, config, clock, caches }
  const keys = keyVerifier(caches, db, clock, log)
  const tokens = tokenCache(caches, db, clock)
  const logs = requestLogs(deps) // its routes and retention job share what this app knows of the day partitions
  const retention = retentionOf(deps, log, logs.retention)

  // OpenAPIHono: the calls of the route groups (ContractApp, openapi/contract-app.ts) make /openapi.json.
  const api = new OpenAPIHono()
  if (config.corsOrigins.length > 0) {
    const allowed = new Set(config.corsOrigins)
    api.use(
      '*',
      cors({
        origin: (origin) => (allowed.has(origin) ? origin : null),
        allowMethods: ['GET', 'POST', 'PATCH', 'DELETE', 'OPTIONS'],
        allowHeaders: ['Authorization', 'Content-Type'],
        exposeHeaders: ['Retry-After'],
        maxAge: 600,
      }),
    )
  }
  // Cheap checks first, before any route reads a body, in one layer (each
  // layer of Hono's chain costs a cheap call like verification a few
  // microseconds): the address must be storable text (health is exempt: a
  // load balancer's probe is answered whatever its query), the body within its limit (the
  // provider's webhook messages carry up to 256 kB, its request-log batches up to 5 MB: those
  // routes set their own), and the user's and the client address's fair shares are handed to
  // the token guard, which counts token routes against them, with the app's token cache.
  const checks = cheapChecks(db, config, { caches, tokens, pause })
  api.use('*', checks.middleware)
  // Everything under /manage is a signed-in user's: one guard for the prefix,
  // ahead of the resources mounted there (projects, their keys, those to come),
  // so a request's token is looked up once and a path that no route serves
  // answers 401 before 404.
  api.use('/manage/*', requireToken(db, 'access'))
  const mailer = createMailer(config.mail, log)
  const accounts = accountRoutes({ ...deps, mailer, log })
  if (config.requireVerifiedEmail) {
    api.use('/manage/dapp', requireVerifiedEmail(deps))
    api.use('/manage/dapp/:id/api-key', requireVerifiedEmail(deps))
  }
  api
    .route('/', deviceRoutes(deps))
    .route('/', authRoutes({ ...deps, signedUp: accounts.signedUp }))
    .route('/', accounts.app)
    .route('/', hostSessionRoutes(deps, sessionsToken))
    .route('/', projectRoutes(deps))
    .route('/', apiKeyRoutes(deps))
    .route('/', healthRoutes(deps))
    .route('/', capabilitiesRoutes(deps))
    .route('/', openApiRoutes(api, config.portalName))
    .route('/', docsRoutes(config.portalName))
    .route('/', usageRoutes(deps))
    .route('/', webhookRoutes(deps))
    .route('/', teamRoutes({ ...deps, mailer, log }))
    .route('/', auditRoutes(deps))
    .route('/', logs.routes)
    // Last, so its description stays last in the document (the generated client types follow its order).
    .route('/', verifyRoutes({ ...deps, keys }))

  const app = new Hono({ router: new RememberingRouter() })
  app.onError(errorHandler(log))
  app.notFound((c) => c.json({ message: 'Not found.' }, 404))
  app.use('*', securityHeaders(config.frameAncestors))
  app.route('/api', api)
  if (config.demoHostSessions)
    app.route(
      '/northwind',
      northwindDemo((path, init) => Promise.resolve(app.request(path, init)), sessionsToken!),
    )
  if (staticRoots.length > 0) app.use('*', serveStatic(staticRoots))
  // settle(): writes what is held in memory (usage counts, last-used times, the fair shares' counts).
  // retention: the schedule of pruning (start() it; tick() runs it now).
  // close(): stops the schedule, settles, then ends this app's caches' LISTENs, before the database
  // closes (a test's many apps on one database server left them open). Other apps on the database keep theirs.
  const settle = async () => {
    await Promise.all([keys.settle(), checks.settle()])
  }
  const close = async () => {
    await retention.stop()
    await settle()
    await caches.stop()
  }
  // A service that checks every call it receives sends verifications far more
  // often than anything else: their 200s make one log line a second.
  // app.request() goes through app.fetch, so in-process calls are logged too.
  const fetch = logRequests(log, app.fetch, { summarised: [`POST /api${VERIFY_PATH}`] })
  return Object.assign(app, { fetch, settle, close, retention })
}

export type App = ReturnType<typeof createApp>

/** Old rows of every table that has them go on one schedule, which startServer starts and the app's close() stops. */
function retentionOf(deps: RouteDeps, log: Log, more: PruneJob[]) {
  const retention = retentionScheduler({ clock: deps.clock, log })
  retention.register(
    ...sessionRetention(deps),
    ...hostSessionRetention(deps),
    ...accountRetention(deps),
    ...auditRetention(deps),
    ...webhookRetention(deps),
    onceJob('finished rate-limit windows', () => pruneRateLimits(deps.db)),
    ...more,
  )
  return retention
}

/** The cheap checks ahead of every route, as one middleware (createApp says which, and why one), and the settling of their counts. */
function cheapChecks(db: Database, config: AppConfig, { caches, tokens, pause }: { caches: CacheSet; tokens: TokenCache; pause?: Pause }) {
  const users = userLimits(db, config.rateLimit, pause)
  const addresses = addressLimits(db, config.rateLimit, config.trustProxy, pause)
  const bodyLimit = fastBodyLimit(BODY_LIMIT_BYTES, () => {
    throw new HttpError(413, 'The request body is too large (the limit is 64 kB).')
  })
  const middleware = (c: Context<UserLimitEnv & AddressLimitEnv & TokenEnv>, next: () => Promise<void>) => {
    const path = c.req.path
    if (path !== '/api/health') checkStorablePath(c.req.url)
    c.set('userLimit', users)
    c.set('addressLimit', addresses)
    c.set('tokens', tokens)
    // The provider's webhook messages and request-log batches set their own, larger, limits; neither changes a cache.
    if (path === `/api${MESSAGES_PATH}` || path === `/api${LOGS_PATH}`) return next()
    // Tokens, project lists and keys are kept in memory (the app's caches, db/cache.ts): a call that
    // may have changed them answers once this app has heard the change, so the client's next call sees it.
    const method = c.req.method
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || path === `/api${VERIFY_PATH}`) return bodyLimit(c, next)
    return bodyLimit(c, next).finally(() => caches.changesHeard())
  }
  // The fair shares' counts held in memory are written when the app settles or closes.
  const settle = async () => {
    await Promise.all([users.settle(), addresses.settle()])
  }
  return { middleware, settle }
}
