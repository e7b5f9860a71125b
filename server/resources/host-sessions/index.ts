/** What the app mounts of host sign-in: POST /sessions and POST /auth/exchange. */
export { hostSessionRoutes } from './routes'
