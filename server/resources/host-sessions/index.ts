import type { Resource } from '../resource'
import { hostSessionRetention } from './codes'
import { hostSessionRoutes } from './routes'

/** Host sign-in: the provider's POST /sessions (and its DELETE /sessions/{externalId}) and the widget's POST /auth/exchange; and the pruning of its codes. */
export const hostSessions: Resource = {
  name: 'host-sessions',
  routes: (deps) => hostSessionRoutes(deps, deps.sessionsToken),
  retention: hostSessionRetention,
  paths: { templatedLog: ['/sessions/{externalId}'] },
}
