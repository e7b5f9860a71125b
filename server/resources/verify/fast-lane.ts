import type { Context, MiddlewareHandler } from 'hono'
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http'
import type { Log } from '../../http/logger'
import { API_CSP } from '../../http/security-headers'
import { tooDeep } from '../../http/json-depth'
import { findUnstorable } from '../../http/storable'
import type { Verification } from './key-verifier'
import { KEY_MAX, serviceTokenCheck, type VerifyDeps } from './routes'

/** Where the fast lane is mounted (the regular route is `/keys/verify` under `/api`). */
export const VERIFY_PATH = '/api/keys/verify'

/** How often the fast lane writes its summary line. */
export const SUMMARY_EVERY_MS = 1000

export interface FastLaneOptions {
  log: Log
  /** The API's body limit: a larger declared body goes the regular way, to its 413. */
  maxBodyBytes: number
}

/**
 * The fast lane of `POST /api/keys/verify`, mounted ahead of the request log
 * and the API's middleware. A service that checks every call it receives
 * sends this one many times a second, and for a cached key the route itself
 * is a hash and a map look-up: the general stack around it (a log line per
 * request, a URL parse, abort tracking, header objects, the path and body
 * checks) cost about three times the route (a CPU profile under load). So
 * the common case — the right service token, a declared body within the
 * limit holding `{ "key": text }`, no query string, no Origin (CORS is the
 * regular route's) — is answered here, with the API's safety headers.
 * Everything else goes on to the regular route, which answers it exactly as
 * before (401, 400, 413, 415, 503), with its own log line.
 *
 * Its answers are logged as one summary line a second, not one line each
 * (server/README.md, "Log"): `POST /api/keys/verify 200 ×5310 in 1.0s (5302 valid, 8 not), slowest 6ms`.
 */
export function verifyFastLane({ config, keys }: VerifyDeps, { log, maxBodyBytes }: FastLaneOptions): MiddlewareHandler {
  const authorized = serviceTokenCheck(config.serviceToken)
  // One object for every answer: @hono/node-server writes plain headers as
  // they are, without building a Headers object per response.
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Content-Security-Policy': API_CSP,
    'Cache-Control': 'no-store',
    ...(config.corsOrigins.length > 0 ? { Vary: 'Origin' } : {}),
  }
  const count = answerSummary(log)

  return async (c, next) => {
    if (!authorized) return next()
    const h = requestHeaders(c)
    if (h === undefined) return next()
    const length = h['content-length']
    if (
      length === undefined ||
      !(parseInt(length, 10) <= maxBodyBytes) ||
      h['transfer-encoding'] !== undefined ||
      h.origin !== undefined ||
      !isPlainJson(h['content-type']) ||
      c.req.url.includes('?') ||
      !authorized(h.authorization)
    ) {
      return next()
    }
    const start = performance.now()
    let answer: Verification | undefined
    try {
      // Hono keeps the text it read: the regular route reads the same body.
      const key = presentedKey(await c.req.text())
      if (key !== undefined) answer = await keys.verify(key)
    } catch {
      // A client gone mid-body, a database error on a cache miss: the regular
      // route meets the same and answers and logs it as it does everything.
    }
    if (!answer) return next()
    count(answer.valid, performance.now() - start)
    return new Response(JSON.stringify(answer), { status: 200, headers })
  }
}

type NodeHeaders = Partial<Record<'content-length' | 'transfer-encoding' | 'origin' | 'content-type' | 'authorization', string>>

/**
 * The request's headers as Node parsed them: asking the adapter's request
 * for one header builds a Web Headers object of all of them. In-process
 * requests (tests) have no Node request, and use Hono's. Undefined when a
 * header the lane judges by was sent twice (the regular route answers that).
 */
function requestHeaders(c: Context): NodeHeaders | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
  if (incoming) return repeatsOneThatCounts(incoming.rawHeaders) ? undefined : (incoming.headers as IncomingHttpHeaders as NodeHeaders)
  const get = (name: string) => c.req.header(name)
  return {
    'content-length': get('content-length'),
    'transfer-encoding': get('transfer-encoding'),
    origin: get('origin'),
    'content-type': get('content-type'),
    authorization: get('authorization'),
  }
}

/**
 * Whether Authorization or Content-Type came more than once. Node keeps the
 * first of each and drops the rest, while the regular route sees them joined
 * and refuses them: such a request must go there, or the two would judge it
 * differently.
 */
function repeatsOneThatCounts(raw: string[]): boolean {
  let authorization = 0
  let contentType = 0
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]
    if (name.length === 13 && name.toLowerCase() === 'authorization') authorization++
    else if (name.length === 12 && name.toLowerCase() === 'content-type') contentType++
  }
  return authorization > 1 || contentType > 1
}

// A subset of what the regular route accepts; anything else it judges itself.
const isPlainJson = (type: string | undefined) => type === 'application/json' || (type !== undefined && type.startsWith('application/json;'))

/**
 * The key of a body that the regular route would accept as it is: a JSON
 * object whose `key` is non-empty text of at most KEY_MAX UTF-16 units (so
 * at most KEY_MAX characters), and nothing in it that cannot be stored.
 * Otherwise undefined, and the regular route answers with its exact message.
 */
function presentedKey(text: string): string | undefined {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return undefined
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined
  const key = (body as { key?: unknown }).key
  if (typeof key !== 'string' || key === '' || key.length > KEY_MAX || tooDeep(body) || findUnstorable(body) !== undefined) return undefined
  return key
}

/**
 * Counts the fast lane's answers and logs them once a second. Like the request
 * log, the line holds no key, token or body: only how many, how many were
 * valid, and the slowest time.
 */
function answerSummary(log: Log): (valid: boolean, ms: number) => void {
  let valid = 0
  let invalid = 0
  let slowest = 0
  let since = 0
  let timer: NodeJS.Timeout | undefined
  const flush = () => {
    clearTimeout(timer)
    timer = undefined
    process.off('exit', flush)
    const seconds = ((performance.now() - since) / 1000).toFixed(1)
    log(`POST ${VERIFY_PATH} 200 ×${valid + invalid} in ${seconds}s (${valid} valid, ${invalid} not), slowest ${Math.round(slowest)}ms`)
    valid = invalid = slowest = 0
  }
  return (ok, ms) => {
    // The first answer of a second starts it. The timer holds nothing open; a
    // stop within the second writes the line on exit, ahead of the buffered
    // log's own last write (which was registered first).
    if (timer === undefined) {
      since = performance.now() - ms
      timer = setTimeout(flush, SUMMARY_EVERY_MS).unref()
      process.prependListener('exit', flush)
    }
    if (ok) valid++
    else invalid++
    if (ms > slowest) slowest = ms
  }
}
