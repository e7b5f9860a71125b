import { OpenAPIHono, type RouteConfig } from '@hono/zod-openapi'
import type { Env, MiddlewareHandler } from 'hono'
import { every } from 'hono/combine'
import type { RouterRoute } from 'hono/types'

/** `/manage/dapp/{id}` as Hono routes it: `/manage/dapp/:id`. */
type RoutePath<T extends string> = T extends `${infer Start}/{${infer Param}}${infer Rest}` ? `${Start}/:${Param}${RoutePath<Rest>}` : T

/**
 * Calls whose path has a fixed segment where another call of the same method
 * has a parameter (`GET /manage/dapp/owner` beside `GET /manage/dapp/{id}`),
 * and the parameter path each is routed on. Hono's fast router (RegExpRouter)
 * refuses such a pair, and one of them makes its default router fall back to
 * the TrieRouter, which walks its tree on every request. Routed on the
 * parameter, the call answers only when the parameter is the fixed word, and
 * hands any other value on to the routes behind it, so every URL is answered
 * as before. tests/server/resources.test.ts checks the fast router applies.
 */
const ROUTED_ON: Record<string, string> = {
  'get /manage/dapp/owner': '/manage/dapp/:id',
  'post /invitations/accept': '/invitations/:invitationId',
  'post /manage/dapp/{id}/webhooks/secret/roll': '/manage/dapp/:id/webhooks/:endpointId/roll',
}

/** Each routed-on handler's documented path and the one it is routed on (Hono form). */
const documented = new WeakMap<object, { path: string; routed: string }>()

/**
 * The path a mounted route serves, as Hono writes it (any prefix it was
 * mounted under kept): its documented one where it is routed on a parameter.
 * A group mounted with an error handler of its own wraps each handler, and
 * keeps the original under Hono's `__COMPOSED_HANDLER`.
 */
export function servedPath(route: RouterRoute): string {
  const handler = route.handler as RouterRoute['handler'] & { __COMPOSED_HANDLER?: object }
  const served = documented.get(handler) ?? documented.get(handler.__COMPOSED_HANDLER ?? handler)
  return served && route.path.endsWith(served.routed) ? route.path.slice(0, -served.routed.length) + served.path : route.path
}

/** Runs `handlers` only where the path's parameters are the fixed words of `path` (Hono form); else on to the next route. */
function onlyAt<E extends Env>(path: string, routed: string, handlers: MiddlewareHandler<E>[]): MiddlewareHandler<E> {
  const routedSegments = routed.split('/')
  const words = path.split('/').flatMap((word, i) => (routedSegments[i] !== word ? [[routedSegments[i].slice(1), word]] : []))
  const all = every(...handlers)
  const handler: MiddlewareHandler<E> = (c, next) => (words.every(([name, word]) => c.req.param(name) === word) ? all(c, next) : next())
  documented.set(handler, { path, routed })
  return handler
}

/**
 * A group of API calls whose descriptions make /openapi.json (merged into the
 * API's registry by `api.route()`).
 */
export class ContractApp<E extends Env = Env> extends OpenAPIHono<E> {
  /**
   * Registers `route` in the OpenAPI registry and mounts `handlers` on the same
   * method and path, so the document cannot name a call the server lacks, nor
   * miss one mounted this way.
   *
   * Not `openapi()`: its validators answer in their own words (415
   * "Unsupported Media Type", "Malformed JSON in request body"), refuse an
   * empty body sent as JSON where the body is optional, and read the body
   * before the route's cheap checks (per-address limits, the bearer token)
   * have run. Handlers read their bodies with readBody(c, Schema), which
   * checks the same schemas the document is generated from.
   */
  operation<R extends RouteConfig>(route: R, ...handlers: MiddlewareHandler<E, RoutePath<R['path']>>[]): this {
    this.openAPIRegistry.registerPath(route)
    const path = route.path.replace(/\{(\w+)\}/g, ':$1')
    const routed = ROUTED_ON[`${route.method} ${route.path}`]
    const mounted = routed ? [onlyAt(path, routed, handlers as MiddlewareHandler<E>[])] : handlers
    ;(this.on as (method: string, path: string, ...handlers: MiddlewareHandler<E, RoutePath<R['path']>>[]) => unknown)(
      route.method.toUpperCase(),
      routed ?? path,
      ...mounted,
    )
    return this
  }
}
