import type { MiddlewareHandler } from 'hono'
import { DOCS_CSP } from '../routes/docs'

/**
 * The demo pages hold no inline script or style, so they can run under the
 * strictest useful policy — which is also the proof that the widget does
 * (design.md §3: constructable stylesheets pass `style-src 'self'`).
 */
export const PAGE_CSP = "default-src 'self'; script-src 'self'; style-src 'self'"
/** API answers are data, never a document to render or frame. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'"

// The API reference page runs Redoc, which needs its own, looser policy.
const cspFor = (path: string) =>
  path === '/api/docs' || path.startsWith('/api/docs/') ? DOCS_CSP : path.startsWith('/api/') || path === '/api' ? API_CSP : PAGE_CSP

export const securityHeaders: MiddlewareHandler = async (c, next) => {
  const headers: Array<[string, string]> = [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'no-referrer'],
    ['Content-Security-Policy', cspFor(c.req.path)],
  ]
  // Set before the handler runs, the headers go into the response as it is
  // made. Set on a finished response, each c.header() makes Hono copy it, and
  // on @hono/node-server that turns its lightweight response into a full Web
  // Response with a stream body: most of a cheap route's time.
  for (const [name, value] of headers) c.header(name, value)
  await next()
  // A response made without the context (new Response) has not got them yet.
  for (const [name, value] of headers) if (!c.res.headers.has(name)) c.header(name, value)
}
