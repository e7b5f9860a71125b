/** What the app mounts of health: GET /health. */
export { healthRoutes } from './routes'
