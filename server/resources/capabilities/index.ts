/** What the app mounts of capabilities: GET /capabilities. */
export { capabilitiesRoutes } from './routes'
