import type { OpenAPIHono, RouteConfig } from '@hono/zod-openapi'
import type { Env, MiddlewareHandler } from 'hono'

/** `/manage/dapp/{id}` as Hono routes it: `/manage/dapp/:id`. */
type RoutePath<T extends string> = T extends `${infer Start}/{${infer Param}}${infer Rest}` ? `${Start}/:${Param}${RoutePath<Rest>}` : T

/**
 * Registers `route` in the app's OpenAPI registry (so /openapi.json describes
 * it) and mounts `handlers` on the same method and path, so the document
 * cannot name a route the server lacks, nor miss one mounted this way.
 *
 * Not `app.openapi()`: its validators answer in their own words (415
 * "Unsupported Media Type", "Malformed JSON in request body"), refuse an empty
 * body sent as JSON where the body is optional, and read the body before the
 * route's cheap checks (per-address limits, the bearer token) have run. The
 * handlers read their bodies with readBody(c, Schema), which checks the same
 * schemas the document is generated from.
 */
export function mount<E extends Env, R extends RouteConfig>(app: OpenAPIHono<E>, route: R, ...handlers: MiddlewareHandler<E, RoutePath<R['path']>>[]): void {
  app.openAPIRegistry.registerPath(route)
  const path = route.path.replace(/\{(\w+)\}/g, ':$1')
  ;(app.on as (method: string, path: string, ...handlers: MiddlewareHandler<E, RoutePath<R['path']>>[]) => unknown)(
    route.method.toUpperCase(),
    path,
    ...handlers,
  )
}
