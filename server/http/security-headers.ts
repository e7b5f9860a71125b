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

export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next()
  c.header('X-Content-Type-Options', 'nosniff')
  c.header('Referrer-Policy', 'no-referrer')
  const docs = c.req.path === '/api/docs' || c.req.path.startsWith('/api/docs/')
  c.header('Content-Security-Policy', docs ? DOCS_CSP : c.req.path.startsWith('/api/') || c.req.path === '/api' ? API_CSP : PAGE_CSP)
}
