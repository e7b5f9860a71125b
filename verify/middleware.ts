import type { KeyMode } from '../contract/constants.js'
import { VerifierUnavailable, type Verifier } from './verifier.js'
import { clientAddress, type AddressSource } from './client-address.js'

/** What the middlewares put on the request once its key is valid. */
export interface ApiKeyInfo {
  keyId: string
  projectId: string
  /** live or test, as the server says: trust this, never the key's prefix. */
  mode: KeyMode
  /** The scopes the key holds; null for every scope. */
  scopes: string[] | null
}

/** Options of honoApiKey and expressApiKey (each field optional; more may be added). */
export interface ApiKeyOptions {
  /** Scopes this route needs: the key must hold them all, else 403 with `missingScopes`. */
  scopes?: readonly string[]
  /**
   * Addresses of your own proxies (load balancer, reverse proxy). The client's
   * address is the socket's; only when the socket's peer is one of these is
   * `X-Forwarded-For` read, from the right, skipping these addresses. Unset:
   * the header is never believed (a client could write any address in it).
   */
  trustedProxies?: readonly string[]
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
    if (answer.valid) return { ok: true, info: { keyId: answer.keyId, projectId: answer.projectId, mode: answer.mode, scopes: answer.scopes } }
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

const refusalHeaders = (r: Refusal): Record<string, string> =>
  r.status === 503 ? { 'Retry-After': '1', 'Cache-Control': 'no-store' } : { 'WWW-Authenticate': 'Bearer', 'Cache-Control': 'no-store' }

/** The parts of Hono's Context the middleware uses (`env.incoming` is @hono/node-server's request, for its socket). */
interface HonoContextLike {
  req: { header(name: string): string | undefined }
  env?: unknown
  set(key: 'apiKey', value: ApiKeyInfo): void
  json(body: unknown, status: 401 | 403 | 503, headers: Record<string, string>): Response
}

/**
 * Hono middleware: reads `Authorization: Bearer <key>`, answers 401 JSON
 * `{ message, code? }` when the key is missing or refused, 403 when it may not
 * be used from the client's address or lacks one of `options.scopes` (503 when
 * the key server cannot be asked), else sets `c.get('apiKey')` to
 * `{ keyId, projectId, mode, scopes }`. On Node the client's address is the
 * socket's (see `trustedProxies`).
 */
export function honoApiKey(verifier: Verifier, options: ApiKeyOptions = {}) {
  return async (c: HonoContextLike, next: () => Promise<void>): Promise<Response | void> => {
    const socket = (c.env as { incoming?: AddressSource } | undefined)?.incoming?.socket
    const ip = clientAddress(socket?.remoteAddress, c.req.header('x-forwarded-for'), options.trustedProxies)
    const outcome = await check(verifier, c.req.header('authorization'), ip, options.scopes)
    if (!outcome.ok) return c.json(outcome.refusal.body, outcome.refusal.status, refusalHeaders(outcome.refusal))
    c.set('apiKey', outcome.info)
    await next()
  }
}

/** The parts of Express's (or Node's) request and response the middleware uses. */
interface ExpressRequestLike extends AddressSource {
  headers: { authorization?: string | undefined; 'x-forwarded-for'?: string | string[] | undefined }
  apiKey?: ApiKeyInfo
}
interface ExpressResponseLike {
  status(code: number): unknown
  setHeader(name: string, value: string): unknown
  json(body: unknown): unknown
}

/**
 * Express middleware: as honoApiKey, with the answer's `{ keyId, projectId,
 * mode, scopes }` on `req.apiKey`; the client's address is the socket's (see
 * `trustedProxies`; Express's own `trust proxy` setting is not read).
 */
export function expressApiKey(verifier: Verifier, options: ApiKeyOptions = {}) {
  return (req: ExpressRequestLike, res: ExpressResponseLike, next: (err?: unknown) => void): void => {
    const forwarded = req.headers['x-forwarded-for']
    const ip = clientAddress(req.socket?.remoteAddress, Array.isArray(forwarded) ? forwarded.join(',') : forwarded, options.trustedProxies)
    check(verifier, req.headers.authorization, ip, options.scopes).then((outcome) => {
      if (outcome.ok) {
        req.apiKey = outcome.info
        return next()
      }
      for (const [name, value] of Object.entries(refusalHeaders(outcome.refusal))) res.setHeader(name, value)
      res.status(outcome.refusal.status)
      res.json(outcome.refusal.body)
    }, next)
  }
}
