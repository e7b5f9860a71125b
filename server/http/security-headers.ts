import type { Context, MiddlewareHandler, Next } from 'hono'
import type { ServerResponse } from 'node:http'

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
 *
 * Over a socket they are set on Node's response, which ties this layer to the
 * Node adapter; it earns that: in an interleaved A/B of key verification over
 * a socket (PGlite, autocannon in a process of its own, 10 connections, 6
 * rounds of 3 s each), setting them through Hono's context cost 1.12x the CPU
 * per call (this way: 11% less) and answered 0.91x as many calls a second.
 * Anything else (app.request(), another adapter) gets them through the context.
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
  // Not async itself: over a socket it only passes on, and a layer of its own
  // promise costs a cheap route measurably.
  return (c, next) => {
    const path = c.req.path
    const headers = isDocs(path) ? docs : isApi(path) ? api : pages
    const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing
    if (outgoing) {
      // Over a socket, on Node's response itself (kept by the A/B in this
      // file's header): the answer's own headers
      // (writeHead) still win, and the route's answer keeps a plain header
      // object, which the adapter writes as it is. Set through the context,
      // they would make Hono build a Headers object for every answer, and
      // the adapter convert it back.
      for (const [name, value] of headers) outgoing.setHeader(name, value)
      return next()
    }
    return inProcess(c, next, headers)
  }
}

async function inProcess(c: Context, next: Next, headers: ReadonlyArray<[string, string]>): Promise<void> {
  // Set before the handler runs, the headers go into the response as it is
  // made. Set on a finished response, each c.header() makes Hono copy it.
  for (const [name, value] of headers) c.header(name, value)
  await next()
  // A response made without the context (new Response) has not got them yet.
  for (const [name, value] of headers) if (!c.res.headers.has(name)) c.header(name, value)
}
