/** What the app mounts of teams, and what account deletion asks of it. */
import { ContractApp } from '../../openapi/contract-app'
import type { AuthEnv } from '../../http/auth'
import { departureRoutes } from './departure-routes'
import { memberRoutes, type MemberDeps } from './routes'
import { ownershipRoutes } from './ownership-routes'
import { pendingRoutes } from './pending-routes'

export { leaveEveryProject, departurePreview, goingWithAccount, type Departure } from './departure'

export function teamRoutes(deps: MemberDeps) {
  return new ContractApp<AuthEnv>()
    .route('/', memberRoutes(deps))
    .route('/', ownershipRoutes(deps))
    .route('/', departureRoutes(deps))
    .route('/', pendingRoutes(deps))
}
