import { VerifierUnavailable, type Verifier } from './verifier.js'

/** What the middlewares put on the request once its key is valid. */
export interface ApiKeyInfo {
  keyId: string
  projectId: string
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
const UNAVAILABLE = 'API keys cannot be checked right now. Try again in a moment.'

type Refusal = { status: 401 | 503; body: { message: string; code?: string } }
type Outcome = { ok: true; info: ApiKeyInfo } | { ok: false; refusal: Refusal }

async function check(verifier: Verifier, authorization: string | undefined): Promise<Outcome> {
  const key = BEARER.exec(authorization ?? '')?.[1]
  if (!key) return { ok: false, refusal: { status: 401, body: { message: MISSING } } }
  try {
    const answer = await verifier.verify(key)
    if (answer.valid) return { ok: true, info: { keyId: answer.keyId, projectId: answer.projectId } }
    return { ok: false, refusal: { status: 401, body: { message: answer.code === 'EXPIRED' ? EXPIRED : INVALID, code: answer.code } } }
  } catch (err) {
    // Not the client's fault: a 401 would tell it to drop a key that may be good.
    if (err instanceof VerifierUnavailable) return { ok: false, refusal: { status: 503, body: { message: UNAVAILABLE } } }
    throw err
  }
}

const refusalHeaders = (r: Refusal): Record<string, string> =>
  r.status === 401 ? { 'WWW-Authenticate': 'Bearer', 'Cache-Control': 'no-store' } : { 'Retry-After': '1', 'Cache-Control': 'no-store' }

/** The parts of Hono's Context the middleware uses. */
interface HonoContextLike {
  req: { header(name: string): string | undefined }
  set(key: 'apiKey', value: ApiKeyInfo): void
  json(body: unknown, status: 401 | 503, headers: Record<string, string>): Response
}

/**
 * Hono middleware: reads `Authorization: Bearer <key>`, answers 401 JSON
 * `{ message, code? }` when the key is missing or refused (503 when the key
 * server cannot be asked), else sets `c.get('apiKey')` to `{ keyId, projectId }`.
 */
export function honoApiKey(verifier: Verifier) {
  return async (c: HonoContextLike, next: () => Promise<void>): Promise<Response | void> => {
    const outcome = await check(verifier, c.req.header('authorization'))
    if (!outcome.ok) return c.json(outcome.refusal.body, outcome.refusal.status, refusalHeaders(outcome.refusal))
    c.set('apiKey', outcome.info)
    await next()
  }
}

/** The parts of Express's (or Node's) request and response the middleware uses. */
interface ExpressRequestLike {
  headers: { authorization?: string | undefined }
  apiKey?: ApiKeyInfo
}
interface ExpressResponseLike {
  status(code: number): unknown
  setHeader(name: string, value: string): unknown
  json(body: unknown): unknown
}

/**
 * Express middleware: reads `Authorization: Bearer <key>`, answers 401 JSON
 * `{ message, code? }` when the key is missing or refused (503 when the key
 * server cannot be asked), else sets `req.apiKey` to `{ keyId, projectId }`.
 */
export function expressApiKey(verifier: Verifier) {
  return (req: ExpressRequestLike, res: ExpressResponseLike, next: (err?: unknown) => void): void => {
    check(verifier, req.headers.authorization).then((outcome) => {
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
