/**
 * The route template an Express request matched, mount paths included, as the
 * provider wrote them (`/orgs/:org/invoices/:id`). Express keeps only the
 * path the client sent for a mount (`req.baseUrl`: `/orgs/acme-42`), which may
 * name a tenant, a user or an address: it is never reported. The template is
 * found by walking the app's routers to the route, at each request: the walk
 * costs 0.6 µs over 20 routes, 1.3 µs over 200 (docs/request-logs.md), too
 * little of a request for a cache to earn its keep.
 */
import { UNMATCHED_ROUTE } from './request-entry.js'

/** The parts of Express 5's app, router and layer read here. */
interface Layer {
  route?: unknown
  rawPath?: unknown
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
}

/** A mount path as written, '' for the root; undefined when it is not one plain path. */
const mountOf = (path: unknown): string | undefined => (typeof path === 'string' ? (path === '/' ? '' : path) : undefined)

/** The templates under which `stack` reaches `route`: one per way. */
function walk(stack: readonly Layer[], route: object, prefix: string, found: string[], depth: number): void {
  if (depth > 32) return
  for (const layer of stack) {
    if (layer.route === route) {
      found.push(typeof layer.rawPath === 'string' ? `${prefix}${layer.rawPath}` : '')
    } else if (!layer.route && Array.isArray(layer.handle?.stack)) {
      const mount = mountOf(layer.rawPath)
      // A router under a pattern or a list of paths: whatever it holds has no template to tell.
      walk(layer.handle.stack, route, mount === undefined ? '\0' : `${prefix}${mount}`, found, depth + 1)
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
 * The route's full template, or null when it has none to tell (a mount path that is a pattern or a list, a route
 * reached by two mounts, Express 4, which keeps no mount path as written).
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
  if (!Array.isArray(stack) || prefix === undefined) return null
  const found: string[] = []
  walk(stack, route, prefix, found, 0)
  const [only] = found
  return found.length === 1 && only && !only.includes('\0') ? only : null
}

/** The matched route's full template; the route's own path when the mounts cannot be told; `(unmatched)` without a route. */
export function expressRoute(req: RoutedRequest): string {
  const route = req.route
  const own = route?.path
  if (!route || typeof own !== 'string') return UNMATCHED_ROUTE
  return templateOf(req, route) ?? own
}
