import type { KeyMode } from '../contract/constants.js'
import { expressRoute, type RoutedRequest } from './express-route.js'
import { REQUEST_ID_HEADER, UNMATCHED_ROUTE, checkedScopes, entryOf, requestIdOf, started, type ApiKeyOptions } from './request-entry.js'
import { VerifierUnavailable, logMade, type Verifier } from './verifier.js'
import { checkProxies } from './options-check.js'
// Named apart from the `clientAddress` option (whether request logs carry the address).
import { clientAddress as addressOf, type AddressSource } from './client-address.js'

export type { ApiKeyOptions }

/** What the middlewares put on the request once its key is valid. */
export interface ApiKeyInfo {
  keyId: string
  projectId: string
  /** live or test, as the server says: trust this, never the key's prefix. */
  mode: KeyMode
  /** The scopes the key holds; null for every scope. */
  scopes: string[] | null
}

/** Hono: `new Hono<{ Variables: ApiKeyVariables }>()`, then `c.get('apiKey')`. */
export type ApiKeyVariables = { apiKey: ApiKeyInfo }

declare global {
  // Express: `req.apiKey` after expressApiKey (a global augmentation, so no dependency on Express's types).
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      apiKey?: ApiKeyInfo
    }
  }
}

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i
const MISSING = 'An API key is required: send it as Authorization: Bearer <key>.'
const EXPIRED = 'This API key has expired.'
const INVALID = 'This API key is not valid.'
const ADDRESS = 'This API key may not be used from this address.'
const SCOPE = 'This API key does not allow this call: it lacks a scope the call needs.'
const UNAVAILABLE = 'API keys cannot be checked right now. Try again in a moment.'

type Refusal = { status: 401 | 403 | 503; body: { message: string; code?: string; missingScopes?: string[] } }
type Outcome = { ok: true; info: ApiKeyInfo } | { ok: false; refusal: Refusal }

async function check(verifier: Verifier, authorization: string | undefined, ip: string | undefined, scopes: readonly string[] | undefined): Promise<Outcome> {
  const key = BEARER.exec(authorization ?? '')?.[1]
  if (!key) return { ok: false, refusal: { status: 401, body: { message: MISSING } } }
  try {
    const answer = await verifier.verify(key, { ip, scopes })
    // The answer is shared with every request of the key while cached: each request's scopes are its own.
    if (answer.valid)
      return { ok: true, info: { keyId: answer.keyId, projectId: answer.projectId, mode: answer.mode, scopes: answer.scopes && [...answer.scopes] } }
    // A good key used from the wrong place or for a call beyond it: 403, the client's key itself is fine.
    if (answer.code === 'IP_NOT_ALLOWED') return { ok: false, refusal: { status: 403, body: { message: ADDRESS, code: answer.code } } }
    if (answer.code === 'INSUFFICIENT_SCOPE') {
      return { ok: false, refusal: { status: 403, body: { message: SCOPE, code: answer.code, missingScopes: answer.missingScopes ?? [] } } }
    }
    return { ok: false, refusal: { status: 401, body: { message: answer.code === 'EXPIRED' ? EXPIRED : INVALID, code: answer.code } } }
  } catch (err) {
    // Not the client's fault: a 401 would tell it to drop a key that may be good.
    if (err instanceof VerifierUnavailable) return { ok: false, refusal: { status: 503, body: { message: UNAVAILABLE } } }
    throw err
  }
}

/**
 * The requests a middleware here reports. One that two of them guard (the API's, then a route's with its scopes) is
 * reported once, by the first, whose entry spans the whole answer: the second made a second entry, and answered a
 * request id of its own in place of the one the first reported.
 */
const logging = new WeakSet<object>()

const refusalHeaders = (r: Refusal): Record<string, string> =>
  r.status === 503 ? { 'Retry-After': '1', 'Cache-Control': 'no-store' } : { 'WWW-Authenticate': 'Bearer', 'Cache-Control': 'no-store' }

/** The parts of Hono's Context the middleware uses (`env.incoming` is @hono/node-server's request, for its socket). */
interface HonoContextLike {
  req: {
    method: string
    header(name: string): string | undefined
    // The web request: its signal is aborted when the client leaves, where the runtime says so (Deno, Bun).
    raw?: { signal?: { aborted?: boolean } }
    // Hono's own (deprecated for `hono/route`, which this package cannot import: it depends on nothing).
    matchedRoutes: ReadonlyArray<{ method: string; path: string; handler?: unknown }>
    routeIndex: number
  }
  res: { status: number; headers: { has(name: string): boolean } }
  env?: unknown
  set(key: 'apiKey', value: ApiKeyInfo): void
  header(name: string, value: string): void
  json(body: unknown, status: 401 | 403 | 503, headers: Record<string, string>): Response
}

/**
 * The route that answered: the last handler run, unless it passed the request on to no one. A handler that takes
 * `next` (a middleware, as Hono's own tools tell them; a mounted app's too) passed it on when it is the last that
 * matched and the answer is a 404, the not-found answer: one before the last that called `next` would not be the
 * last run. So a mounted app that answered is named by its mount (`/v1/mounted/*`), a middleware that answered
 * itself (a 429) by its path, and `app.all('/v1/proxy/*', (c) => …)` is a route.
 */
function honoRoute(c: HonoContextLike): string {
  const { matchedRoutes, routeIndex } = c.req
  const route = matchedRoutes[routeIndex]
  if (!route) return UNMATCHED_ROUTE
  const takesNext = typeof route.handler !== 'function' || route.handler.length > 1
  return takesNext && routeIndex === matchedRoutes.length - 1 && c.res.status === 404 ? UNMATCHED_ROUTE : route.path
}

/** What @hono/node-server puts in `c.env`: Node's own request and response. */
type NodeBindings =
  | {
      incoming?: { socket?: { remoteAddress?: string } }
      outgoing?: { setHeader?(name: string, value: string): unknown; destroyed?: boolean; headersSent?: boolean }
    }
  | undefined

/** @hono/node-server's peer address; other runtimes have their own, so none. */
const honoAddress = (c: HonoContextLike): string | undefined => (c.env as NodeBindings)?.incoming?.socket?.remoteAddress

/**
 * Hono middleware: reads `Authorization: Bearer <key>`, answers 401 JSON
 * `{ message, code? }` when the key is missing or refused, 403 when it may not
 * be used from the client's address or lacks one of `options.scopes` (503 when
 * the key server cannot be asked), else sets `c.get('apiKey')` to
 * `{ keyId, projectId, mode, scopes }`. On Node the client's address is the
 * socket's (see `trustedProxies`). With `{ requestLogs: true }`, reports the
 * request once it is answered.
 */
export function honoApiKey(verifier: Verifier, options: ApiKeyOptions = {}) {
  const { requestLogs = false, clientAddress = false } = options
  const scopes = checkedScopes(options.scopes)
  checkProxies(options.trustedProxies)
  return async (c: HonoContextLike, next: () => Promise<void>): Promise<Response | void> => {
    const start = requestLogs ? started() : undefined
    const ip = addressOf(honoAddress(c), c.req.header('x-forwarded-for'), options.trustedProxies)
    const outcome = await check(verifier, c.req.header('authorization'), ip, scopes)
    if (!outcome.ok) return c.json(outcome.refusal.body, outcome.refusal.status, refusalHeaders(outcome.refusal))
    c.set('apiKey', outcome.info)
    if (!start || logging.has(c)) return next()
    logging.add(c)
    const requestId = requestIdOf(c.req.header(REQUEST_ID_HEADER))
    // On Node, on Node's own response, which adds it to whatever the handler answers (a Response of its
    // own too): through the context it makes a web Headers for every answer (entry-json.ts's A/B).
    const outgoing = (c.env as NodeBindings)?.outgoing
    const onNode = typeof outgoing?.setHeader === 'function'
    if (onNode) outgoing!.setHeader!(REQUEST_ID_HEADER, requestId)
    else c.header(REQUEST_ID_HEADER, requestId)
    await next()
    // Elsewhere (Deno, Bun, edge) a Response the handler made itself lacks it: Hono copies it to add one.
    if (!onNode && !c.res.headers.has(REQUEST_ID_HEADER)) c.header(REQUEST_ID_HEADER, requestId)
    // A client gone before any answer saw none, and gets no entry, as on Express. On Node its response is destroyed
    // unsent by then (a property, where a listener a request would cost more); elsewhere its request's signal says
    // so where the runtime aborts it.
    if (onNode ? outgoing!.destroyed && !outgoing!.headersSent : c.req.raw?.signal?.aborted) return
    const entry = entryOf({
      requestId,
      keyId: outcome.info.keyId,
      method: c.req.method,
      route: honoRoute(c),
      status: c.res.status,
      start,
      ip: clientAddress ? honoAddress(c) : undefined,
    })
    if (entry) logMade(verifier, entry)
  }
}

/** The parts of Express's (or Node's) request and response the middleware uses. */
interface ExpressRequestLike extends AddressSource, RoutedRequest {
  headers: {
    authorization?: string | undefined
    'x-request-id'?: string | string[] | undefined
    'x-forwarded-for'?: string | string[] | undefined
  }
  apiKey?: ApiKeyInfo
  method?: string
  ip?: string
}
interface ExpressResponseLike {
  status(code: number): unknown
  setHeader(name: string, value: string): unknown
  json(body: unknown): unknown
  statusCode?: number
  headersSent?: boolean
  once?(event: 'finish' | 'close', listener: () => void): unknown
}

/**
 * Express middleware: as honoApiKey, with the answer's `{ keyId, projectId,
 * mode, scopes }` on `req.apiKey`; the client's address is the socket's (see
 * `trustedProxies`; Express's own `trust proxy` setting is not read for it).
 * With `{ requestLogs: true }`, reports the request once it is answered.
 */
export function expressApiKey(verifier: Verifier, options: ApiKeyOptions = {}) {
  const { requestLogs = false, clientAddress = false } = options
  const scopes = checkedScopes(options.scopes)
  checkProxies(options.trustedProxies)
  return (req: ExpressRequestLike, res: ExpressResponseLike, next: (err?: unknown) => void): void => {
    const start = requestLogs ? started() : undefined
    const forwarded = req.headers['x-forwarded-for']
    const ip = addressOf(req.socket?.remoteAddress, Array.isArray(forwarded) ? forwarded.join(',') : forwarded, options.trustedProxies)
    // Anything thrown on the way goes to Express's error handling: never a rejection no one handles, which would
    // leave the request unanswered and, by Node's default, end the provider's process.
    check(verifier, req.headers.authorization, ip, scopes)
      .then((outcome) => {
        if (outcome.ok) {
          req.apiKey = outcome.info
          if (start && !logging.has(req)) {
            logging.add(req)
            logWhenAnswered(verifier, req, res, outcome.info.keyId, start, clientAddress)
          }
          return next()
        }
        for (const [name, value] of Object.entries(refusalHeaders(outcome.refusal))) res.setHeader(name, value)
        res.status(outcome.refusal.status)
        res.json(outcome.refusal.body)
      })
      .catch(next)
  }
}

function logWhenAnswered(
  verifier: Verifier,
  req: ExpressRequestLike,
  res: ExpressResponseLike,
  keyId: string,
  start: ReturnType<typeof started>,
  clientAddress: boolean,
) {
  const sent = req.headers['x-request-id']
  const requestId = requestIdOf(typeof sent === 'string' ? sent : undefined)
  res.setHeader(REQUEST_ID_HEADER, requestId)
  // Once the answer is written ('finish'), or once the client has gone ('close' without 'finish': a stream or a long
  // poll it left) if its status was sent by then; a client gone before any answer saw none, and gets no entry.
  let reported = false
  const report = () => {
    if (reported) return
    reported = true
    const entry = entryOf({
      requestId,
      keyId,
      method: req.method ?? 'GET',
      route: expressRoute(req),
      status: res.statusCode ?? 200,
      start,
      ip: clientAddress ? req.ip : undefined,
    })
    if (entry) logMade(verifier, entry)
  }
  res.once?.('finish', report)
  res.once?.('close', () => res.headersSent && report())
}
