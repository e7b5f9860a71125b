import { OpenAPIHono, type RouteConfig } from '@hono/zod-openapi'
import type { Env, MiddlewareHandler } from 'hono'

/** `/manage/dapp/{id}` as Hono routes it: `/manage/dapp/:id`. */
type RoutePath<T extends string> = T extends `${infer Start}/{${infer Param}}${infer Rest}` ? `${Start}/:${Param}${RoutePath<Rest>}` : T

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
    ;(this.on as (method: string, path: string, ...handlers: MiddlewareHandler<E, RoutePath<R['path']>>[]) => unknown)(
      route.method.toUpperCase(),
      path,
      ...handlers,
    )
    return this
  }
}
