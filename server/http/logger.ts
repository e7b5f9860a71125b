import type { MiddlewareHandler } from 'hono'
import { isAbortedRequest } from './aborted'

export type Log = (line: string) => void

/** How often a summarised route's line is written. */
export const SUMMARY_EVERY_MS = 1000

export interface LoggerOptions {
  /**
   * Routes (`METHOD /raw/path`) called so often that one line each would cost
   * more than the call: their 200 answers make one line a second instead,
   * `POST /api/keys/verify 200 ×5310 in 1.0s, slowest 6ms`. Every other
   * answer of theirs (an error, an abort) still gets its own line.
   */
  summarised?: readonly string[]
  /** How a raw path is written (loggedPath): as it came, or as the template of the route its routed (decoded) path falls under. */
  loggedPath?: (rawPath: string, routedPath?: string) => string
}

/**
 * How a raw path is written to the log: as it came, or, for a route in `templated` (`/api/sessions/{externalId}`,
 * each `{name}` one segment), as that template. Those routes carry the caller's own words in their path, and an
 * externalId may be an e-mail address, which the log never holds (nor keeps once the account it names is erased).
 * The template is found by the path as the router read it (`routedPath`, Hono's decoded `c.req.path`): the raw
 * `/api/%73essions/ada%40example.com` reaches the same route, and was written as it came, address and all.
 */
export function loggedPath(templated: readonly string[] = []): (rawPath: string, routedPath?: string) => string {
  const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&')
  const routes = templated.map((template) => ({
    template,
    pattern: new RegExp(
      `^${template
        .split(/\{[^/}]+\}/)
        .map(escape)
        .join('[^/]+')}$`,
    ),
  }))
  if (routes.length === 0) return (path) => path
  return (path, routed = path) => routes.find((route) => route.pattern.test(routed) || route.pattern.test(path))?.template ?? path
}

/**
 * One line per request: method, path, status, duration. The path only — never
 * the query string, headers or body, which is where tokens, keys and
 * passwords travel.
 *
 * A Hono middleware, mounted first: the answer it logs is the final one (the
 * error handler's, for a thrown error). Wrapping the app's fetch instead saved
 * no CPU worth its place in interleaved A/Bs (docs/performance.md, Shortcuts).
 */
export function requestLog(log: Log, { summarised = [], loggedPath = (path) => path }: LoggerOptions = {}): MiddlewareHandler {
  const summaries = new Map(summarised.map((route) => [route, summary(log, route)]))
  return async (c, next) => {
    const start = performance.now()
    await next()
    const ms = performance.now() - start
    const path = loggedPath(rawPath(c.req.url), c.req.path)
    const aborted = isAbortedRequest(c.req.raw, c.env)
    const status = c.res.status
    if (!aborted && status === 200 && summaries.size > 0) {
      const count = summaries.get(`${c.req.method} ${path}`)
      if (count) return count(ms)
    }
    log(`${c.req.method} ${path} ${aborted ? 'aborted' : status} ${Math.round(ms)}ms`)
  }
}

/**
 * The raw, still percent-encoded path of an absolute URL: a decoded one could
 * carry a line break and forge a log line. Sliced from the text rather than
 * parsed, which cost more than a cheap route's own work.
 */
export function rawPath(url: string): string {
  const from = url.indexOf('/', url.indexOf('//') + 2)
  if (from === -1) return '/'
  const query = url.indexOf('?', from)
  const hash = url.indexOf('#', from)
  const end = query === -1 ? (hash === -1 ? url.length : hash) : hash === -1 ? query : Math.min(query, hash)
  return url.slice(from, end)
}

/**
 * Counts one route's 200 answers and logs them once a second. Like every
 * line, it holds no key, token or body: only how many and the slowest time.
 */
function summary(log: Log, route: string): (ms: number) => void {
  let count = 0
  let slowest = 0
  let since = 0
  let timer: NodeJS.Timeout | undefined
  const flush = () => {
    clearTimeout(timer)
    timer = undefined
    process.off('exit', flush)
    const seconds = ((performance.now() - since) / 1000).toFixed(1)
    log(`${route} 200 ×${count} in ${seconds}s, slowest ${Math.round(slowest)}ms`)
    count = slowest = 0
  }
  return (ms) => {
    // The first answer of a second starts it. The timer holds nothing open; a
    // stop within the second writes the line on exit, ahead of the buffered
    // log's own last write (which was registered first).
    if (timer === undefined) {
      since = performance.now() - ms
      timer = setTimeout(flush, SUMMARY_EVERY_MS).unref()
      process.prependListener('exit', flush)
    }
    count++
    if (ms > slowest) slowest = ms
  }
}
