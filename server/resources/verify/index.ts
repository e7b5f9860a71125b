/**
 * What the app mounts of verification: the route, where it is, and the key
 * verifier it answers with. The service-token guard it uses is http/service-token.ts.
 */
export { VERIFY_NOT_CONFIGURED, VERIFY_PATH, verifyRoutes } from './routes'
export { keyVerifier } from './key-verifier'
