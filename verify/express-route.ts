/**
 * The route template an Express request matched, mount paths included, as the
 * provider wrote them (`/orgs/:org/invoices/:id`). Express keeps only the
 * path the client sent for a mount (`req.baseUrl`: `/orgs/acme-42`), which may
 * name a tenant, a user or an address: it is never reported. The template is
 * found by walking the app's routers to the route, at each request: the walk
 * costs 0.6 µs over 20 routes, 1.3 µs over 200 (docs/request-logs.md), too
 * little of a request for a cache to earn its keep.
 */
import { LOG_ROUTE_MAX } from '../contract/constants.js'
import { UNMATCHED_ROUTE } from './request-entry.js'

/** What Express 5's layer matches a path with: one matcher per path of a list. */
type Matcher = (path: string) => unknown
/** The parts of Express 5's app, router and layer read here. */
interface Layer {
  route?: unknown
  rawPath?: unknown
  matchers?: readonly Matcher[]
  handle?: { stack?: readonly Layer[] }
}
interface AppLike {
  router?: { stack?: readonly Layer[] }
  mountpath?: unknown
  parent?: AppLike
}
/** Typed loosely: Express's own types for these differ by version. */
export interface RoutedRequest {
  route?: { path?: unknown }
  app?: unknown
  url?: unknown
}

/** A mount path as written, '' for the root; undefined when it is not one plain path. */
const mountOf = (path: unknown): string | undefined => (typeof path === 'string' ? (path === '/' ? '' : path) : undefined)

/** A route's paths as written: a pattern as its literal (`/^\/re\/(\d+)$/`), a list as its paths. */
function written(path: unknown): string[] | undefined {
  if (typeof path === 'string') return [path]
  if (path instanceof RegExp) return [String(path)]
  return Array.isArray(path) ? path.flat(Infinity).flatMap((p) => written(p) ?? []) : undefined
}

/** Paths joined by commas, only up to what an entry keeps: a list may be long. */
function joined(paths: readonly string[], prefix = ''): string {
  let text = ''
  for (const p of paths) {
    if (text.length > LOG_ROUTE_MAX) break
    text = text ? `${text},${prefix}${p}` : `${prefix}${p}`
  }
  return text
}

/**
 * The path of a list that the request matched, tried as Express tries them on the path it is left with inside the
 * route's router (`req.url`, while the route answers; its path when the request named its target whole,
 * `GET http://host/…`); the whole list when none matches it (an error handler outside that router answered).
 */
function ownPaths(layer: Layer, url: unknown): string[] | undefined {
  const { rawPath, matchers } = layer
  if (!Array.isArray(rawPath) || !Array.isArray(matchers) || typeof url !== 'string') return written(rawPath)
  let path = url.split('?')[0]
  if (!path.startsWith('/')) {
    try {
      path = new URL(path).pathname
    } catch {
      return written(rawPath)
    }
  }
  for (let i = 0; i < matchers.length; i++) {
    try {
      if (matchers[i](path)) return written(rawPath[i])
    } catch {
      // A parameter that is not valid percent-encoding: Express refused it too.
    }
  }
  return written(rawPath)
}

/** A way to the route: its full template (null when a mount on the way has none to tell), and its own path. */
type Way = { full: string | null; own: string }

/** The ways by which `stack` reaches `route`; `prefix` is null under a mount that is not one plain path. */
function walk(stack: readonly Layer[], route: object, prefix: string | null, found: Way[], depth: number, url: unknown): void {
  if (depth > 32) return
  for (const layer of stack) {
    if (layer.route === route) {
      const own = ownPaths(layer, url)
      // Under a mount, each path of a list that could not be told apart gets the mount's path.
      if (own !== undefined) found.push({ full: prefix === null ? null : joined(own, prefix), own: joined(own) })
    } else if (!layer.route && Array.isArray(layer.handle?.stack)) {
      const mount = mountOf(layer.rawPath)
      // A router under a pattern or a list of paths: whatever it holds has no template to tell.
      walk(layer.handle.stack, route, mount === undefined || prefix === null ? null : `${prefix}${mount}`, found, depth + 1, url)
    }
  }
}

/** A sub-app's own mount paths, up to the top app's; undefined when one is not a plain path. */
function appPrefix(app: AppLike | undefined): string | undefined {
  let prefix = ''
  for (let a = app; a?.parent; a = a.parent) {
    const mount = mountOf(a.mountpath)
    if (mount === undefined) return undefined
    prefix = `${mount}${prefix}`
  }
  return prefix
}

/**
 * The route's full template; its own path when the mounts cannot be told (a mount path that is a pattern or a list,
 * a route reached by two mounts); null when the app's routers cannot be read (Express 4, which keeps no mount path
 * as written).
 */
function templateOf(req: RoutedRequest, route: object): string | null {
  const app = req.app as AppLike | undefined
  let stack: readonly Layer[] | undefined
  try {
    stack = app?.router?.stack
  } catch {
    // Express 4's app.router throws (it has app._router, whose layers keep no mount path as written).
  }
  const prefix = appPrefix(app)
  if (!Array.isArray(stack)) return null
  const found: Way[] = []
  walk(stack, route, prefix ?? null, found, 0, req.url)
  const [first] = found
  return found.length === 1 && first.full !== null ? first.full : (first?.own ?? null)
}

/** The matched route's full template; the route's own path when the mounts cannot be told; `(unmatched)` without a route. */
export function expressRoute(req: RoutedRequest): string {
  const route = req.route
  const own = written(route?.path)
  if (!route || own === undefined) return UNMATCHED_ROUTE
  return templateOf(req, route) ?? joined(own)
}
