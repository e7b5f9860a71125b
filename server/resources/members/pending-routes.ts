import { requireToken, type AuthEnv } from '../../http/auth'
import { notFound } from '../../http/errors'
import type { RouteDeps } from '../../http/route-deps'
import { ContractApp } from '../../openapi/contract-app'
import { audit } from '../../security/audit-log'
import { acceptById, declineInvitation, pendingFor } from './pending-data'
import { MEMBERS } from './errors'
import { acceptPendingRoute, declineInvitationRoute, pendingInvitationsRoute } from './pending-operations'

/** `GET /invitations`, accepting or declining one of them: the invited account's entry points, beside accepting by code. */
export function pendingRoutes({ db, clock }: RouteDeps) {
  return new ContractApp<AuthEnv>()
    .operation(pendingInvitationsRoute, requireToken(db, 'access'), async (c) => c.json(await pendingFor(db, c.var.userId, new Date(clock()))))
    .operation(acceptPendingRoute, requireToken(db, 'access'), async (c) => {
      const id = c.req.param('invitationId')
      const joined = await db.transaction(async (tx) => {
        const joined = await acceptById(tx, id, c.var.userId, new Date(clock()))
        if (joined) await audit(tx, joined.projectId, c.var.userId, 'member.joined', id, { role: joined.role })
        return joined
      })
      if (!joined) throw notFound(MEMBERS.INVITATION_UNKNOWN)
      return c.json(joined)
    })
    .operation(declineInvitationRoute, requireToken(db, 'access'), async (c) => {
      const id = c.req.param('invitationId')
      const declined = await db.transaction(async (tx) => {
        const row = await declineInvitation(tx, id, c.var.userId, new Date(clock()))
        if (row) await audit(tx, row.projectId, c.var.userId, 'invitation.declined', id, { email: row.email, role: row.role })
        return row
      })
      if (!declined) throw notFound(MEMBERS.INVITATION_UNKNOWN)
      return c.body(null, 204)
    })
}
