/** Teams: a project's members and invitations, ownership transfer and account deletion's hand-over; and what account deletion asks of it. */
import { ContractApp } from '../../openapi/contract-app'
import type { AuthEnv } from '../../http/auth'
import type { Resource } from '../resource'
import { departureRoutes } from './departure-routes'
import { memberRoutes } from './routes'
import { ownershipRoutes } from './ownership-routes'
import { pendingRoutes } from './pending-routes'
import { invitationRetention } from './retention'

export { holdEveryProject, leaveEveryProject, departurePreview, goingWithAccount, type Departure } from './departure'

/** Members, invitations, roles and (with resources/audit) the audit log make the widget's teams; long-expired invitations go on the retention schedule. */
export const members: Resource = {
  name: 'members',
  routes: (deps) =>
    new ContractApp<AuthEnv>()
      .route('/', memberRoutes(deps))
      .route('/', ownershipRoutes(deps))
      .route('/', departureRoutes(deps))
      .route('/', pendingRoutes(deps)),
  features: () => ['teams'],
  retention: invitationRetention,
}
