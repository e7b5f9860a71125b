import { Hono } from 'hono'
import type { Resource } from '../resource'
import { openApiRoutes } from './openapi'
import { docsRoutes } from './routes'

/** The API's reference: GET /openapi.json, generated from the descriptions mounted on the API, and the Redoc page at /docs. */
export const docs: Resource = {
  name: 'docs',
  routes: ({ api, config }) => new Hono().route('/', openApiRoutes(api, config.portalName)).route('/', docsRoutes(config.portalName)),
}
