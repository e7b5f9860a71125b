import { OpenAPIHono } from '@hono/zod-openapi'
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { cors } from 'hono/cors'
import { withDefaults, type AppConfig, type AppOverrides } from './config'
import type { Database } from './db/index'
import { fastBodyLimit } from './http/body-limit'
import { COMMON, HttpError, errorBody, errorHandler } from './http/errors'
import { BODY } from './http/validate'
import { loggedPath, requestLog, type Log } from './http/logger'
import { securityHeaders, withHeaders } from './http/security-headers'
import { servedPath } from './openapi/contract-app'
import { serveStatic, type StaticRoot } from './http/static'
import { checkStorablePath } from './http/storable'
import type { Pause } from './http/throttle'
import { userLimits, type UserLimitEnv } from './http/user-limit'
import { addressLimits, type AddressLimitEnv } from './http/address-limit'
import { requireToken } from './http/auth'
import { cacheSet, type CacheSet } from './db/cache'
import { onceJob, retentionScheduler } from './db/retention'
import { settlesWithin } from './db/settles-within'
import { pruneRateLimits } from './security/rate-limit'
import { tokenCache, type TokenCache, type TokenEnv } from './http/token-cache'
import { RESOURCES, featuresOf, type Resource, type ResourceDeps, type Started } from './resources'
import { northwindDemo } from './demo/northwind'
import { DEMO_API_PATH, acmeDemoApi } from './demo/acme-api'
import { processEncryptionKey } from './security/encryption'
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
  /** Serve the docs page's demo API at /demo-api (startServer: with the demo pages, outside production); needs a service token. */
  demoApi?: boolean
  /** How long close() waits for what is still running (the worker's deliveries, the last writes) before it stops anyway. */
  closeWaitMs?: number
}

/** close()'s default wait: a healthy close's writes take milliseconds. */
export const APP_CLOSE_WAIT_MS = 5_000

/** The whole HTTP surface: the API under /api, static files elsewhere. No port: see start.ts. */
export function createApp({
  db,
  config: overrides = {},
  log = console.log,
  staticRoots = [],
  clock = Date.now,
  pause,
  demoApi = false,
  closeWaitMs = APP_CLOSE_WAIT_MS,
}: AppDeps) {
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
  const resources = RESOURCES
  const deps: ResourceDeps = {
    db,
    config,
    clock,
    caches,
    log,
    mailer: createMailer(config.mail, log),
    api: new OpenAPIHono(),
    sessionsToken,
    features: featuresOf(resources, config),
    events: { signedUp: [] },
  }
  const { api } = deps
  const tokens = tokenCache(caches, db, clock)
  const retention = retentionOf(resources, deps, log)
  const paths = specialPaths(resources)

  // Cheap checks first, before any route reads a body, in one layer (each
  // layer of Hono's chain costs a cheap call like verification a few
  // microseconds): the address must be storable text (a path of `anyQuery`
  // is exempt: a load balancer's probe is answered whatever its query), the
  // body within its limit (unless the route sets its own: the provider's
  // webhook messages carry up to 256 kB), and the user's and the client
  // address's fair shares are handed to the token guard, which counts token
  // routes against them, with the app's token cache.
  const checks = cheapChecks(db, config, { caches, tokens, pause, paths })
  api.use('*', checks.middleware)
  // Everything under /manage is a signed-in user's: one guard for the prefix,
  // ahead of the resources mounted there (projects, their keys, those to come),
  // so a request's token is looked up once and a path that no route serves
  // answers 401 before 404. Then the resources' guards on each other's paths
  // (accounts' REQUIRE_VERIFIED_EMAIL), which need the user, before any route.
  api.use('/manage/*', requireToken(db, 'access'))
  for (const { path, handler } of resources.flatMap((r) => r.guards?.(deps) ?? [])) api.use(path, handler)
  // What holds counts in memory: settle() writes them; close() too, by the holder's own close when it has one (no timer after it).
  const holders: Array<{ settle(): Promise<void>; close?(): Promise<void> }> = [checks]
  const mounted = resources.map((resource) => {
    const made = resource.routes(deps)
    const group = made instanceof Hono ? made : made.app
    if (!(made instanceof Hono) && made.settle) holders.push({ settle: made.settle, close: made.close })
    api.route('/', group)
    // A route's own middleware is a route entry of the same method and path: each call once.
    const calls = new Set(group.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${servedPath(r)}`))
    return { name: resource.name, routes: [...calls].map((call) => ({ method: call.split(' ')[0], path: call.split(' ')[1] })) }
  })

  // Hono's default router: remembering each path's match (a RememberingRouter of our own) saved 9% of
  // verification's CPU per call in interleaved A/Bs, short of the 10% a shortcut must earn (docs/performance.md).
  const app = new Hono()
  // First, so it logs every answer as it went out, in-process calls (app.request()) too. A service that checks
  // every call it receives sends verifications far more often than anything else: their 200s make one line a second.
  const logged = loggedPath(paths.templatedLog)
  app.use('*', requestLog(log, { summarised: paths.summarisedLog, loggedPath: logged }))
  app.onError(errorHandler(log, logged))
  app.notFound((c) => c.json(errorBody(COMMON.NOT_FOUND), 404))
  app.use('*', securityHeaders(config.frameAncestors, [DEMO_API_PATH]))
  if (config.corsOrigins.length > 0) app.use('/api/*', corsFor(config.corsOrigins))
  // A stopping server answers each new call to its routes 503 here, after the headers above (drainSwitch). Files
  // are still served: a page's lazy chunk answered with JSON would be refused as a script, and read no database.
  const draining = drainSwitch()
  for (const routed of ['/api', NORTHWIND_PATH, DEMO_API_PATH]) app.use(`${routed}/*`, draining.middleware)
  app.route('/api', api)
  const acme = mountDemos(app, config, sessionsToken, demoApi)
  if (staticRoots.length > 0) app.use('*', serveStatic(staticRoots))
  // start(): the retention schedule and what the resources run beside their routes (the webhook worker); startServer calls it.
  // settle(): writes what is held in memory (usage counts, last-used times, the fair shares' counts).
  // retention: the schedule of pruning (tick() runs it now). mounted: each resource's name and routes (under /api).
  // drain(): every new call to the API or a demo backend is answered 503 SERVER_RESTARTING from now on (startServer's stop).
  // close(): see lifecycle below.
  const { start, settle, close } = lifecycle({ resources, deps, retention, holders, acme, closeWaitMs })
  return Object.assign(app, { start, settle, close, drain: draining.drain, retention, mounted })
}

export type App = ReturnType<typeof createApp>

type Lifecycle = {
  resources: readonly Resource[]
  deps: ResourceDeps
  retention: ReturnType<typeof retentionScheduler>
  holders: ReadonlyArray<{ settle(): Promise<void>; close?(): Promise<void> }>
  acme?: { close(): Promise<void> }
  closeWaitMs: number
}

/**
 * The app's start(), settle() and close(). close() stops what start() started, then the schedule, settles for good,
 * then ends this app's caches' LISTENs, before the database closes (a test's many apps on one database server left
 * them open). Other apps on the database keep theirs. A write that waits on a row another connection holds (another
 * instance's open transaction) would hold the stop for as long as that one lasts: past closeWaitMs the app stops
 * anyway, and the database's close() cancels it.
 */
function lifecycle({ resources, deps, retention, holders, acme, closeWaitMs }: Lifecycle) {
  let started: Started[] = []
  const start = () => {
    if (started.length === 0) started = resources.flatMap((r) => (r.start ? [r.start(deps)] : []))
    retention.start()
  }
  const settle = async () => {
    await Promise.all(holders.map((h) => h.settle()))
  }
  const close = async () => {
    const stopping = (async () => {
      await acme?.close()
      await Promise.all(started.map((s) => s.stop()))
      await retention.stop()
      await Promise.all(holders.map((h) => (h.close ?? h.settle)()))
    })()
    if (await settlesWithin(stopping, closeWaitMs)) await stopping
    else deps.log(`close: work still running after ${closeWaitMs} ms (a statement waiting on a lock?), stopping anyway`)
    await deps.caches.stop()
  }
  return { start, settle, close }
}

/** Where Northwind's backend is mounted (the demos' other path is DEMO_API_PATH). */
const NORTHWIND_PATH = '/northwind'

/**
 * The demos `npm start` serves outside production: Northwind's backend (/existing.html's host sign-in) and
 * the docs page's product API (behind flex-portal/verify with request logs on, asking this app as a provider's
 * API asks a portal). Answers the demo API, whose queued request logs the app's close() sends.
 */
function mountDemos(app: Hono, config: AppConfig, sessionsToken: string | undefined, demoApi: boolean) {
  const callApp = (url: string, init: RequestInit) => Promise.resolve(app.request(url, init))
  if (config.demoHostSessions) app.route(NORTHWIND_PATH, northwindDemo(callApp, sessionsToken!))
  const acme = demoApi && config.serviceToken ? acmeDemoApi(callApp, config.serviceToken) : undefined
  if (acme) app.route(DEMO_API_PATH, acme)
  return acme
}

/** Old rows of every table that has them go on one schedule, which startServer starts and the app's close() stops. */
function retentionOf(resources: readonly Resource[], deps: ResourceDeps, log: Log) {
  const retention = retentionScheduler({ clock: deps.clock, log })
  retention.register(...resources.flatMap((r) => r.retention?.(deps) ?? []))
  // The rate limits' windows are below the resources (security/rate-limit.ts), shared by all of them.
  retention.register(onceJob('finished rate-limit windows', () => pruneRateLimits(deps.db)))
  return retention
}

/** The resources' special paths, joined, as the cheap checks look them up (each as `/api` and the path). */
function specialPaths(resources: readonly Resource[]) {
  const joined = (pick: (p: NonNullable<Resource['paths']>) => string[] | undefined, prefix = '/api') =>
    resources.flatMap((r) => (r.paths ? (pick(r.paths) ?? []) : [])).map((path) => prefix + path)
  return {
    anyQuery: new Set(joined((p) => p.anyQuery)),
    ownBodyLimit: new Set(joined((p) => p.ownBodyLimit)),
    writesNothingCached: new Set(joined((p) => p.writesNothingCached)),
    summarisedLog: joined((p) => p.summarisedLog, ''),
    templatedLog: joined((p) => p.templatedLog),
  }
}

/**
 * Once drain() is called (by startServer's stop), every new call to a route is answered 503 SERVER_RESTARTING with
 * Retry-After, through the app's headers (safety, CORS), so a widget on another origin can read it and wait.
 */
function drainSwitch() {
  let draining = false
  // Calls from the network only (Node's request in env): the app's own in-process calls (the demo API
  // sending its request logs as its close() flushes them) still reach their routes.
  const middleware: MiddlewareHandler = (c, next) => {
    if (draining && (c.env as { incoming?: unknown } | undefined)?.incoming)
      throw new HttpError(503, COMMON.SERVER_RESTARTING, { 'Retry-After': '1', 'Cache-Control': 'no-store' })
    return next()
  }
  return { middleware, drain: () => void (draining = true) }
}

/**
 * CORS for `origins`: Hono's `cors` answers preflights; on other calls its headers are set the way the safety
 * headers are (withHeaders), since Hono's own sets them on `c.res` before the route runs, and Hono then copies
 * that early answer's headers over the route's own: the project list's `private, no-cache` became `no-store`.
 */
const corsFor = (origins: string[]): MiddlewareHandler => {
  const allowed = new Set(origins)
  const preflight = cors({
    origin: (origin) => (allowed.has(origin) ? origin : null),
    allowMethods: ['GET', 'POST', 'PATCH', 'DELETE', 'OPTIONS'],
    allowHeaders: ['Authorization', 'Content-Type'],
    maxAge: 600,
  })
  const vary: Array<[string, string]> = [['Vary', 'Origin']]
  return (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next)
    const origin = c.req.header('origin')
    // So that the log-in banner can say how long to wait after a 429.
    const headers: Array<[string, string]> = [...vary, ['Access-Control-Allow-Origin', origin!], ['Access-Control-Expose-Headers', 'Retry-After']]
    return withHeaders(c, next, origin !== undefined && allowed.has(origin) ? headers : vary)
  }
}

type Paths = ReturnType<typeof specialPaths>

/** The cheap checks ahead of every route, as one middleware (createApp says which, and why one), and the settling of their counts. */
function cheapChecks(db: Database, config: AppConfig, { caches, tokens, pause, paths }: { caches: CacheSet; tokens: TokenCache; pause?: Pause; paths: Paths }) {
  const users = userLimits(db, config.rateLimit, pause)
  const addresses = addressLimits(db, config.rateLimit, config.trustProxy, pause)
  const bodyLimit = fastBodyLimit(BODY_LIMIT_BYTES, () => {
    throw new HttpError(413, BODY.BODY_TOO_LARGE(BODY_LIMIT_BYTES / 1024))
  })
  const { anyQuery, ownBodyLimit, writesNothingCached } = paths
  const middleware = (c: Context<UserLimitEnv & AddressLimitEnv & TokenEnv>, next: () => Promise<void>) => {
    const path = c.req.path
    if (!anyQuery.has(path)) checkStorablePath(c.req.url)
    c.set('userLimit', users)
    c.set('addressLimit', addresses)
    c.set('tokens', tokens)
    if (ownBodyLimit.has(path)) return next()
    // Tokens, project lists and keys are kept in memory (the app's caches, db/cache.ts): a call that
    // may have changed them answers once this app has heard the change, so the client's next call sees it.
    const method = c.req.method
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || writesNothingCached.has(path)) return bodyLimit(c, next)
    return bodyLimit(c, next).finally(() => caches.changesHeard())
  }
  // The fair shares' counts held in memory are written when the app settles or closes.
  const settle = async () => {
    await Promise.all([users.settle(), addresses.settle()])
  }
  return { middleware, settle }
}
