import type { OpenAPIHono } from '@hono/zod-openapi'
import { Hono, type Env } from 'hono'
import { openApiDocument, registerComponents } from './document'

/**
 * `GET /openapi.json`: the document generated from the calls described on
 * `api` (and their schemas), made on the first request, when every route is in.
 */
export function openApiRoutes<E extends Env>(api: OpenAPIHono<E>, portalName?: string) {
  registerComponents(api)
  let document: ReturnType<typeof openApiDocument> | undefined
  return new Hono().get('/openapi.json', (c) => c.json((document ??= openApiDocument(api, portalName))))
}
