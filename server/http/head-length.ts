import type { Context } from 'hono'

/**
 * A HEAD answer says the length its GET would have had (RFC 9110 §9.3.2: the same header fields). Hono answers
 * HEAD by running the GET and dropping its body, and the length was only ever worked out from the body as it was
 * written, so the answer had neither a length nor chunking: Node's client then opened a new connection for every
 * probe (a load balancer's HEAD /api/health) instead of reusing the one it had. Files carry theirs already.
 * Called from the safety headers' middleware (security-headers.ts): a middleware of its own would cost every call
 * a step for the rare HEAD.
 */
export async function sayLength(c: Context): Promise<void> {
  if (c.res.headers.has('Content-Length') || !c.res.body) return
  c.res.headers.set('Content-Length', String((await c.res.clone().arrayBuffer()).byteLength))
}
