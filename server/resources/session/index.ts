/**
 * What other resources may use of the session: issuing an access token (host
 * sign-in and a password reset answer with the log-in's body), ending an
 * account's sessions, the password rule, and whether a device has signed in
 * to an account before (a reset's limit per e-mail spares it); the app mounts
 * the device and log-in routes, and schedules the pruning of tokens and devices.
 */
export { deviceRoutes, sessionRetention } from './device-routes'
export { authRoutes } from './routes'
export { issueToken, revokeSessions } from './tokens'
export { deviceKnowsAccount } from './known-devices'
export { PASSWORD, PASSWORD_RULE, passwordProblem } from './password-policy'
