/**
 * What other resources may use of the session: issuing an access token (host
 * sign-in and a password reset answer with the log-in's body), ending an
 * account's sessions, and the password rule; the app mounts the device and
 * log-in routes, and schedules the pruning of tokens and devices.
 */
export { deviceRoutes, sessionRetention } from './device-routes'
export { authRoutes } from './routes'
export { issueToken, revokeSessions } from './tokens'
export { PASSWORD_RULE, passwordProblem } from './password-policy'
