import type { MiddlewareHandler } from 'hono'
import { isAborted } from './aborted'

export type Log = (line: string) => void

/**
 * One line per request: method, path, status, duration. The path only — never
 * the query string, headers or body, which is where tokens, keys and
 * passwords travel.
 */
export function requestLogger(log: Log): MiddlewareHandler {
  return async (c, next) => {
    const start = performance.now()
    await next()
    const ms = Math.round(performance.now() - start)
    // The raw, still percent-encoded path: a decoded one could carry a line
    // break and forge a log line.
    log(`${c.req.method} ${new URL(c.req.url).pathname} ${isAborted(c) ? 'aborted' : c.res.status} ${ms}ms`)
  }
}
