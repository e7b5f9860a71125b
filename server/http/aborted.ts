import type { Context } from 'hono'

// Requests whose client went away; the request log marks them "aborted".
const abortedRequests = new WeakSet<Request>()

/**
 * True when the client closed the connection before the request was done
 * (an upload cut off half-way, a tab closed). Nothing is wrong with the
 * server then: it is logged as aborted, without a stack, and never as a 500.
 */
export function isAborted(c: Context, err?: unknown): boolean {
  if (abortedRequests.has(c.req.raw)) return true
  const e = err as { message?: unknown; code?: unknown } | undefined
  const aborted = c.req.raw.signal?.aborted === true || (e?.message === 'aborted' && e.code === 'ECONNRESET')
  if (aborted) abortedRequests.add(c.req.raw)
  return aborted
}
