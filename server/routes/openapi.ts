import type { OpenAPIHono } from '@hono/zod-openapi'
import { Hono, type Env } from 'hono'
import { openApiDocument, registerComponents } from '../contract/document'

/**
 * `GET /openapi.json`: the document generated from the routes mounted on `api`
 * (and their schemas), made on the first request, when every route is in.
 */
export function openApiRoutes<E extends Env>(api: OpenAPIHono<E>) {
  let document: ReturnType<typeof openApiDocument> | undefined
  return new Hono().get('/openapi.json', (c) => {
    if (!document) {
      registerComponents(api)
      document = openApiDocument(api)
    }
    return c.json(document)
  })
}
