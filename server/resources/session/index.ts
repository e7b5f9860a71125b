import type { AuthEnv } from '../../http/auth'
import { ContractApp } from '../../openapi/contract-app'
import type { Resource } from '../resource'
import { deviceRoutes, sessionRetention } from './device-routes'
import { authRoutes } from './routes'

/**
 * What other resources may use of the session: issuing an access token (host
 * sign-in and a password reset answer with the log-in's body), ending an
 * account's sessions, the password rule, whether a password checked earlier
 * still holds, and whether a device has signed in to an account before (a
 * reset's limit per e-mail spares it); and the session's descriptor: the
 * device and log-in routes, and the pruning of tokens and devices.
 */
export { issueToken, revokeSessions, sessionStands } from './tokens'
export { deviceKnowsAccount, forgetDevices } from './known-devices'
export { PASSWORD, PASSWORD_RULE, passwordProblem } from './password-policy'
export { holdsPassword } from './users'

/** POST /device, register, authenticate, logout; a new password account is told to the app's signedUp listeners (accounts mails its code). */
export const session: Resource = {
  name: 'session',
  routes: (deps) =>
    new ContractApp<AuthEnv>()
      .route('/', deviceRoutes(deps))
      .route('/', authRoutes({ ...deps, signedUp: (user) => deps.events.signedUp.forEach((heard) => heard(user)) })),
  retention: sessionRetention,
}
