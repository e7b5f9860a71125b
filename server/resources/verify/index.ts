/** What the app mounts of verification: the route and where it is. The service-token check it uses is http/service-token.ts. */
export { VERIFY_NOT_CONFIGURED, VERIFY_PATH, verifyRoutes } from './routes'
