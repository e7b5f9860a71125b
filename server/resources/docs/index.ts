/** What the app mounts of the docs: the API reference page and the OpenAPI document. */
export { docsRoutes } from './routes'
export { openApiRoutes } from './openapi'
