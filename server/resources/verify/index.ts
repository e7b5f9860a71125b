/**
 * What the app mounts of verification: the route, where it is, its description
 * (registered by the app, the route being plain Hono) and the key verifier it
 * answers with. The service-token check it uses is http/service-token.ts.
 */
export { VERIFY_NOT_CONFIGURED, VERIFY_PATH, verifyRoutes } from './routes'
export { verifyKeyRoute } from './operations'
export { keyVerifier } from './key-verifier'
