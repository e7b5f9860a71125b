import type { Context } from 'hono'
import type { IncomingMessage, ServerResponse } from 'node:http'

// Requests whose client went away; the request log marks them "aborted".
const abortedRequests = new WeakSet<Request>()

type NodeSide = { incoming?: IncomingMessage; outgoing?: ServerResponse } | undefined

/**
 * True when the client closed the connection before the request was done
 * (an upload cut off half-way, a tab closed). Nothing is wrong with the
 * server then: it is logged as aborted, without a stack, and never as a 500.
 * Over a socket it asks Node's own objects: the adapter's `signal` makes an
 * AbortController for every request that looks, which the log did for each.
 */
export function isAborted(c: Context, err?: unknown): boolean {
  return isAbortedRequest(c.req.raw, c.env, err)
}

/** isAborted, for a caller outside Hono that holds the request and the adapter's env. */
export function isAbortedRequest(req: Request, env: unknown, err?: unknown): boolean {
  if (abortedRequests.has(req)) return true
  const e = err as { message?: unknown; code?: unknown } | undefined
  const node = env as NodeSide
  const gone = node?.outgoing
    ? // Node marks the response destroyed when its socket closes before the answer is out.
      (node.outgoing.destroyed && !node.outgoing.writableFinished) || node.incoming?.errored != null
    : req.signal?.aborted === true
  const aborted = gone || (e?.message === 'aborted' && e.code === 'ECONNRESET')
  if (aborted) abortedRequests.add(req)
  return aborted
}
