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

const isApi = (path: string) => path.startsWith('/api/') || path === '/api'

/**
 * Safety headers on every answer. API answers carry tokens, keys and
 * secrets: `no-store` keeps them out of every cache (browser, proxy, back
 * button), errors included.
 */
export function securityHeaders(frameAncestors?: string): MiddlewareHandler {
  const page = pageCsp(frameAncestors)
  return async (c, next) => {
    await next()
    c.header('X-Content-Type-Options', 'nosniff')
    c.header('Referrer-Policy', 'no-referrer')
    const api = isApi(c.req.path)
    c.header('Content-Security-Policy', api ? API_CSP : page)
    if (api) c.header('Cache-Control', 'no-store')
  }
}
