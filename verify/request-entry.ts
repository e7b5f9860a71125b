/** The parts of a request log entry that both middlewares make the same way. */
import { LOG_ROUTE_MAX } from '../contract/constants.js'
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
const ADDRESS = /^[0-9A-Fa-f:.]{1,64}$/
/** The server's longest duration (a day): no call takes longer. */
const DURATION_MAX_MS = 86_400_000

/** The client's request id if it is sane, else a new one. */
export const requestIdOf = (sent: string | undefined): string => (sent !== undefined && SANE_ID.test(sent) ? sent : crypto.randomUUID())

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
  if (!Number.isInteger(status) || status < 100 || status > 599) return undefined
  const durationMs = Math.min(DURATION_MAX_MS, Math.round((performance.now() - start.mono) * 10) / 10)
  return {
    requestId,
    keyId,
    method: METHOD.test(method) ? method.toUpperCase() : 'OTHER',
    // Cut by characters, not UTF-16 units, and only when long: nearly every template is short.
    route: route.length > LOG_ROUTE_MAX ? [...route].slice(0, LOG_ROUTE_MAX).join('') : route || UNMATCHED_ROUTE,
    status,
    durationMs,
    at: isoAt(start.wall),
    ...(ip && ADDRESS.test(ip) ? { ip } : {}),
  }
}
