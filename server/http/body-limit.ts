import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'

/**
 * Hono's bodyLimit, without its cost on the common path. bodyLimit reads
 * `c.req.raw.body` first, and on @hono/node-server that one property turns
 * the adapter's lightweight request into a full Web Request (a ReadableStream
 * and all) for every request, GETs included: on a cheap route it was most of
 * the time spent. A declared Content-Length without chunked encoding is checked
 * from the headers alone (the HTTP parser holds the body to it), exactly as
 * bodyLimit checks it, and a GET or HEAD with neither header has no body.
 * Everything else (chunked bodies, in-process requests) goes through bodyLimit.
 */
export function fastBodyLimit(maxSize: number, onError: () => never): MiddlewareHandler {
  const full = bodyLimit({ maxSize, onError })
  // Not async: a layer that only passes on is cheaper without a promise of its own.
  return (c, next) => {
    if (c.req.header('transfer-encoding') === undefined) {
      const length = c.req.header('content-length')
      if (length !== undefined) return parseInt(length, 10) > maxSize ? onError() : next()
      if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    }
    return full(c, next)
  }
}
