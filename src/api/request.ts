import { ApiError, ownError } from './errors'

export const DEFAULT_TIMEOUT_MS = 15_000

export interface RequestOptions {
  base: string
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  path: string
  body?: unknown
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string
  timeoutMs?: number
  signal?: AbortSignal
}

/**
 * A request bound to an api-base: the one shape every function in src/api
 * takes first. `at(base)` makes the first screens' caller (they pass their
 * device token themselves); useManageApi's `call` also supplies the access
 * token, renews a host session on a 401 and signs out when it cannot.
 */
export type Call = <T = unknown>(opts: Omit<RequestOptions, 'base'>) => Promise<T>
/** A Call that carries the session's access token itself. */
export type ManageCall = <T = unknown>(opts: Omit<RequestOptions, 'base' | 'token'>) => Promise<T>

// The server's text is shown to users as-is, so keep it short and printable.
const cleanMessage = (m: unknown): string | undefined =>
  typeof m === 'string' && m.trim()
    ? m
        .trim()
        .replace(/[\u0000-\u001f\u007f]/g, ' ')
        .slice(0, 300)
    : undefined

/**
 * The caller of one api-base, without a session (the first screens' calls;
 * useManageApi's adds the session): fetch with a timeout that turns every
 * failure (no network, timeout, error status, a body that is not JSON) into
 * an ApiError. Resolves with the parsed JSON body, or `null` for an empty one.
 */
export const at =
  (base: string): Call =>
  async <T>(opts: Omit<RequestOptions, 'base'>): Promise<T> => {
    const { method, path, body, token, timeoutMs = DEFAULT_TIMEOUT_MS, signal } = opts
    const headers: Record<string, string> = { Accept: 'application/json' }
    if (body !== undefined) headers['Content-Type'] = 'application/json'
    if (token) headers.Authorization = `Bearer ${token}`

    const timeout = new AbortController()
    const timer = setTimeout(() => timeout.abort(), timeoutMs)
    const onAbort = () => timeout.abort()
    signal?.addEventListener('abort', onAbort)

    const root = base.replace(/\/+$/, '')
    // The caller's abort first: a timeout that fires meanwhile is not what they see.
    const stopped = () => (signal?.aborted ? ownError('aborted', 'error.aborted') : timeout.signal.aborted && ownError('timeout', 'error.timeout'))
    let response: Response
    let text: string
    // The time limit and the caller's abort hold until the whole body is in: a body that stops coming
    // (a proxy that stalls) would otherwise leave the screen loading for good.
    try {
      try {
        response = await fetch(root + path, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: timeout.signal,
          credentials: 'omit',
          cache: 'no-store',
        })
      } catch {
        // No answer: a server that refuses this page's origin looks the same as
        // one that is down. A chunk above the client (it words the error) asks.
        throw (
          stopped() ||
          (await import('../unreachable').then(
            (m) => m.unreachable(root),
            () => ownError('network', 'error.network'),
          ))
        )
      }
      try {
        text = await response.text()
      } catch {
        throw stopped() || ownError('network', 'error.dropped', response.status)
      }
    } finally {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
    }
    let data: unknown = null
    let parsed = true
    if (text.trim()) {
      try {
        data = JSON.parse(text)
      } catch {
        parsed = false
      }
    }

    if (!response.ok) {
      const { message, code } = parsed && data && typeof data === 'object' ? (data as { message?: unknown; code?: unknown }) : {}
      const shown = cleanMessage(message)
      if (shown === undefined) throw ownError('http', 'error.status', response.status)
      // Whole seconds only (an HTTP date, a fraction, a sign: the server's own words are shown instead).
      const wait = response.headers.get('retry-after')
      const retryAfter = wait && /^[1-9]\d{0,8}$/.test(wait) ? +wait : undefined
      throw new ApiError('http', shown, response.status, typeof code === 'string' ? code : undefined, undefined, retryAfter)
    }
    if (!parsed) throw ownError('parse', 'error.unreadable', response.status)
    return data as T
  }

/** One request, its api-base among its options. */
export const request = <T = unknown>(opts: RequestOptions): Promise<T> => at(opts.base)<T>(opts)
