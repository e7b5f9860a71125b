/** The parts of a request log entry that both middlewares make the same way. */

/** What the middlewares take beside the verifier. */
export interface ApiKeyOptions {
  /**
   * Report one entry per request whose key was valid, after your handler has
   * answered, to the portal (batched, off the request's way; see
   * `verifier.requestLogStats()` and `verifier.close()`).
   */
  requestLogs?: boolean
  /**
   * With `requestLogs`: also report the client's address (Express: `req.ip`,
   * which follows your `trust proxy` setting; Hono on Node: the socket's
   * peer). Off by default: an address is personal data.
   */
  clientAddress?: boolean
}

export const REQUEST_ID_HEADER = 'X-Request-Id'
/** A client's id is kept when it is this sort of text (a UUID, a ULID, `req_…`); anything else is replaced. */
const SANE_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/
/** The route of a request no route of the provider's matched: its path is never reported. */
export const UNMATCHED_ROUTE = '(unmatched)'

/** The client's request id if it is sane, else a new one. */
export const requestIdOf = (sent: string | undefined): string => (sent !== undefined && SANE_ID.test(sent) ? sent : crypto.randomUUID())

/** A request's start: its wall-clock time for `at`, a monotonic one for the duration. */
export const started = () => ({ wall: Date.now(), mono: performance.now() })

/** Milliseconds since `start`, to a tenth. */
export const since = (start: { mono: number }) => Math.round((performance.now() - start.mono) * 10) / 10
