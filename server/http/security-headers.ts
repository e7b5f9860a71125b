import type { Context, MiddlewareHandler, Next } from 'hono'
import { sayLength } from './head-length'

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

type HeaderList = ReadonlyArray<[string, string]>
const BASE: HeaderList = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'no-referrer'],
]
/** Every API answer's safety headers, also those the adapter's refusals write before the app is reached (node-listener.ts). */
export const API_HEADERS: HeaderList = [...BASE, ['Content-Security-Policy', API_CSP], ['Cache-Control', 'no-store']]

const under = (path: string, prefix: string) => path.startsWith(prefix) && (path.length === prefix.length || path[prefix.length] === '/')
// The API reference page runs Redoc, which needs its own, looser policy.
const isDocs = (path: string) => path === '/api/docs' || path.startsWith('/api/docs/')

/**
 * Safety headers on every answer, and a HEAD answer's length (head-length.ts). API answers carry tokens, keys and
 * secrets: `no-store` keeps them out of every cache (browser, proxy, back
 * button), errors included. The reference page and its script are public
 * documents, and may be cached. `apis`: other paths whose answers are an API's
 * data (the demo API, answering a developer's key), with /api's headers.
 *
 * Through Hono's context, on any adapter. Setting them on Node's response
 * instead saved 5% of verification's CPU per call in interleaved A/Bs, short
 * of the 10% a shortcut must earn (docs/performance.md, Shortcuts).
 */
export function securityHeaders(frameAncestors?: string, apis: readonly string[] = []): MiddlewareHandler {
  const prefixes = ['/api', ...apis]
  const isApi = (path: string) => prefixes.some((prefix) => under(path, prefix))
  const docs: HeaderList = [...BASE, ['Content-Security-Policy', DOCS_CSP]]
  const pages: HeaderList = [...BASE, ['Content-Security-Policy', pageCsp(frameAncestors)]]
  return async (c, next) => {
    const path = c.req.path
    await withHeaders(c, next, isDocs(path) ? docs : isApi(path) ? API_HEADERS : pages)
    if (c.req.method === 'HEAD') await sayLength(c)
  }
}

/** Sets `headers` on the answer, whoever makes it: the context's (c.json, c.body) or one made apart (new Response). */
export async function withHeaders(c: Context, next: Next, headers: HeaderList): Promise<void> {
  // Set before the handler runs, the headers go into the response as it is
  // made. Set on a finished response, each c.header() makes Hono copy it.
  for (const [name, value] of headers) c.header(name, value)
  await next()
  // A response made without the context (new Response) has not got them yet.
  for (const [name, value] of headers) if (!c.res.headers.has(name)) c.header(name, value)
}
