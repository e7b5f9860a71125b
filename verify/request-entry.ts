/** The parts of a request log entry that both middlewares make the same way. */
import { CONTROL_CHARACTERS, isScopeList, LOG_KEY_ID_MAX, LOG_ROUTE_MAX, MAX_VERIFY_SCOPES, rendersBlank, VERIFY_SCOPE_MAX } from '../contract/constants.js'
import { isAddress } from './client-address.js'
import { isoAt } from './entry-json.js'
import type { RequestLogEntry } from './request-log.js'

/** What the middlewares take beside the verifier. */
export interface ApiKeyOptions {
  /**
   * Report one entry per request whose key was valid, after your handler has
   * answered, to the portal (batched, off the request's way; see
   * `verifier.requestLogStats()` and `verifier.close()`).
   */
  requestLogs?: boolean
  /**
   * With `requestLogs`: also report the client's address as `ip` (Express:
   * `req.ip`, which follows your `trust proxy` setting; Hono on Node: the
   * socket's peer). Off by default: an address is personal data.
   */
  clientAddress?: boolean
  /** Scopes this route needs: the key must hold them all, else 403 with `missingScopes`. */
  scopes?: readonly string[]
  /**
   * Addresses of your own proxies (load balancer, reverse proxy). The client's
   * address, which a key's allowlist is checked against, is the socket's; only
   * when the socket's peer is one of these is `X-Forwarded-For` read, from the
   * right, skipping these addresses. Unset: the header is never believed (a
   * client could write any address in it).
   */
  trustedProxies?: readonly string[]
}

export const REQUEST_ID_HEADER = 'X-Request-Id'
/** A client's id is kept when it is this sort of text (a UUID, a ULID, `req_…`); anything else is replaced. */
const SANE_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/
/** The route of a request no route of the provider's matched: its path is never reported. */
export const UNMATCHED_ROUTE = '(unmatched)'
// The server refuses a whole batch for one entry it cannot read (contract/logs.ts), so each
// field is made readable here: a client may send any method token, a runtime any address text.
const METHOD = /^[A-Za-z]{1,16}$/
/** The server's longest duration (a day): no call takes longer. */
const DURATION_MAX_MS = 86_400_000

let idCount = 0
/**
 * A new request id: a UUID where the runtime has Web Crypto as a global (Node 19 on, Deno, Bun, edge runtimes);
 * on Node 18, which has it only behind a flag, the time, a count and random digits, unique enough for the portal
 * to tell two requests apart (it stores an id once per key).
 */
const newId = (): string =>
  globalThis.crypto?.randomUUID?.() ?? `req_${Date.now().toString(36)}_${(idCount++).toString(36)}_${Math.random().toString(36).slice(2, 12)}`

/** The client's request id if it is sane, else a new one. */
export const requestIdOf = (sent: string | undefined): string => (sent !== undefined && SANE_ID.test(sent) ? sent : newId())

/** A request's start: its wall-clock time for `at`, a monotonic one for the duration. */
export const started = () => ({ wall: Date.now(), mono: performance.now() })

export interface Answered {
  requestId: string
  keyId: string
  method: string
  route: string
  status: number
  start: ReturnType<typeof started>
  ip: string | undefined
}

/** The entry for an answered request, or none when its status is not an HTTP one (Node lets a handler answer 999). */
export function entryOf({ requestId, keyId, method, route, status, start, ip }: Answered): RequestLogEntry | undefined {
  const durationMs = Math.min(DURATION_MAX_MS, Math.round((performance.now() - start.mono) * 10) / 10)
  return made(requestId, keyId, method, route, status, durationMs, isoAt(start.wall), ip)
}

function made(requestId: string, keyId: string, method: string, route: string, status: number, durationMs: number, at: string, ip: string | undefined) {
  if (!Number.isInteger(status) || status < 100 || status > 599) return undefined
  return {
    requestId,
    keyId,
    method: METHOD.test(method) ? method.toUpperCase() : 'OTHER',
    // Cut by characters, not UTF-16 units, and only when long: nearly every template is short.
    route: route.length > LOG_ROUTE_MAX ? [...route].slice(0, LOG_ROUTE_MAX).join('') : route || UNMATCHED_ROUTE,
    status,
    durationMs,
    at,
    ...(ip && isAddress(ip) ? { ip } : {}),
  }
}

// Half of a UTF-16 surrogate pair standing alone (String's isWellFormed is not in Node 18).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
// What the server reads as a key id (apid_…: printable ASCII, at most LOG_KEY_ID_MAX).
const KEY_ID = /^[!-~]+$/
// The years the server reads in an ISO time: 1 to 9999, in UTC.
const FIRST_MS = Date.parse('0001-01-01T00:00:00Z')
const LAST_MS = Date.parse('9999-12-31T23:59:59.999Z')

/**
 * An entry handed to `logRequest` by the provider's own code, made readable as the middlewares make theirs: the
 * server refuses a whole batch, other requests' entries with it, for one entry it cannot read. Its time is read as
 * `Date` reads it and sent in the server's form; a request id is kept when the middlewares would keep a client's.
 * Without a key id, an HTTP status or a time it is none.
 */
export function readableEntry(e: RequestLogEntry): RequestLogEntry | undefined {
  if (typeof e !== 'object' || e === null) return undefined
  const { requestId, keyId, method, route, status, durationMs, at, ip } = e as Partial<Record<keyof RequestLogEntry, unknown>>
  const ms = typeof at === 'string' ? Date.parse(at) : NaN
  if (typeof keyId !== 'string' || keyId.length > LOG_KEY_ID_MAX || !KEY_ID.test(keyId) || typeof status !== 'number' || !(ms >= FIRST_MS && ms <= LAST_MS))
    return undefined
  const duration = typeof durationMs === 'number' && !Number.isNaN(durationMs) ? Math.min(DURATION_MAX_MS, Math.max(0, durationMs)) : 0
  // What the portal refuses as a route (a control character, nothing visible, half of a surrogate pair, which no
  // JSON text can carry) is told as no route.
  const template =
    typeof route === 'string' && !CONTROL_CHARACTERS.test(route) && !rendersBlank(route) && !LONE_SURROGATE.test(route) ? route.trim() : UNMATCHED_ROUTE
  return made(
    requestIdOf(typeof requestId === 'string' ? requestId : undefined),
    keyId,
    typeof method === 'string' ? method : 'OTHER',
    template,
    status,
    duration,
    new Date(ms).toISOString(),
    typeof ip === 'string' ? ip : undefined,
  )
}

/** The scopes a middleware asks for, checked once when it is made: the server would refuse every check of them. */
export function checkedScopes(scopes: readonly string[] | undefined): readonly string[] | undefined {
  if (scopes === undefined) return undefined
  if (!isScopeList(scopes)) {
    throw new TypeError(`scopes must be a list of at most ${MAX_VERIFY_SCOPES} scope names of 1 to ${VERIFY_SCOPE_MAX} characters.`)
  }
  return scopes
}
