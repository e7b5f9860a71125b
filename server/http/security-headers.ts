import type { MiddlewareHandler } from 'hono'

/**
 * The demo pages hold no inline script or style, so they can run under the
 * strictest useful policy — which is also the proof that the widget does
 * (constructable stylesheets pass `style-src 'self'`). No framing unless the
 * host says who may (FRAME_ANCESTORS), no <base> to re-point relative URLs,
 * and forms post only to this origin.
 */
export const pageCsp = (frameAncestors = "'none'") =>
  `default-src 'self'; script-src 'self'; style-src 'self'; frame-ancestors ${frameAncestors}; base-uri 'none'; form-action 'self'`
export const PAGE_CSP = pageCsp()
/** API answers are data, never a document to render or frame. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'"

/**
 * The policy of the API reference page (resources/docs/), kept here with the
 * others so that this layer needs nothing from a resource: scripts only from
 * here (Redoc's bundle and the init file), the document fetched from here;
 * Redoc's styled-components write <style> elements and its search runs in a
 * blob: worker, so those two are allowed.
 */
export const DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; worker-src blob:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

const isApi = (path: string) => path.startsWith('/api/') || path === '/api'
// The API reference page runs Redoc, which needs its own, looser policy.
const isDocs = (path: string) => path === '/api/docs' || path.startsWith('/api/docs/')

/**
 * Safety headers on every answer. API answers carry tokens, keys and
 * secrets: `no-store` keeps them out of every cache (browser, proxy, back
 * button), errors included. The reference page and its script are public
 * documents, and may be cached.
 */
export function securityHeaders(frameAncestors?: string): MiddlewareHandler {
  const page = pageCsp(frameAncestors)
  return async (c, next) => {
    const path = c.req.path
    const headers: Array<[string, string]> = [
      ['X-Content-Type-Options', 'nosniff'],
      ['Referrer-Policy', 'no-referrer'],
      ['Content-Security-Policy', isDocs(path) ? DOCS_CSP : isApi(path) ? API_CSP : page],
    ]
    if (isApi(path) && !isDocs(path)) headers.push(['Cache-Control', 'no-store'])
    // Set before the handler runs, the headers go into the response as it is
    // made. Set on a finished response, each c.header() makes Hono copy it, and
    // on @hono/node-server that turns its lightweight response into a full Web
    // Response with a stream body: most of a cheap route's time.
    for (const [name, value] of headers) c.header(name, value)
    await next()
    // A response made without the context (new Response) has not got them yet.
    for (const [name, value] of headers) if (!c.res.headers.has(name)) c.header(name, value)
  }
}
