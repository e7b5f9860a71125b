/** What the app mounts of host sign-in: POST /sessions and POST /auth/exchange; and the pruning of its codes. */
export { hostSessionRoutes } from './routes'
export { hostSessionRetention } from './codes'
