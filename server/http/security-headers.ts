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
  const base: Array<[string, string]> = [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'no-referrer'],
  ]
  const api: Array<[string, string]> = [...base, ['Content-Security-Policy', API_CSP], ['Cache-Control', 'no-store']]
  const docs: Array<[string, string]> = [...base, ['Content-Security-Policy', DOCS_CSP]]
  const pages: Array<[string, string]> = [...base, ['Content-Security-Policy', page]]
  return async (c, next) => {
    const path = c.req.path
    const headers = isDocs(path) ? docs : isApi(path) ? api : pages
    // Set before the handler runs, they go into the answer as it is made, and
    // any the route sets itself (a list's Cache-Control) win.
    for (const [name, value] of headers) c.header(name, value)
    await next()
    // An answer made without the context (a static file, new Response) has not got them yet.
    for (const [name, value] of headers) if (!c.res.headers.has(name)) c.header(name, value)
  }
}
