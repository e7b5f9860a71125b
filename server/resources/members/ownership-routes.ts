import { InvitationAcceptance, OwnershipTransfer } from '../../../contract/teams'
import { requireToken, type AuthEnv } from '../../http/auth'
import { readBody } from '../../http/body'
import { HttpError, badRequest, conflict, notFound } from '../../http/errors'
import type { RouteDeps } from '../../http/route-deps'
import { throttle } from '../../http/throttle'
import { ContractApp } from '../../openapi/contract-app'
import { authorize } from '../../security/authorization'
import { verifyPassword } from '../../security/password'
import { sha256 } from '../../security/random'
import { refundRateLimit } from '../../security/rate-limit'
import { audit } from '../../security/audit-log'
import { acceptInvitation, holdNewOwner, listMembers, lockMember, transferOwnership } from './data'
import { MEMBERS, OWNERSHIP } from './errors'
import { acceptInvitationRoute, transferOwnershipRoute } from './operations'

export const WRONG_PASSWORD = OWNERSHIP.WRONG_PASSWORD.message
export const NO_PASSWORD = OWNERSHIP.HOST_ACCOUNT_NO_PASSWORD.message

/** Handing a project to another member, and joining one with an invitation's code. */
export function ownershipRoutes({ db, config, clock }: RouteDeps) {
  const { perEmail, windowSeconds, acceptsPerUser } = config.rateLimit
  /** The owner's password asked again, counted per account as the account calls count it (a stolen session cannot guess). */
  const checkPassword = async (userId: string, password: string) => {
    const [row] = await db.query<{ password_hash: string | null }>('SELECT password_hash FROM users WHERE id = $1', [userId])
    if (!row?.password_hash) throw conflict(OWNERSHIP.HOST_ACCOUNT_NO_PASSWORD)
    const bucket = `password-check|user|${userId}`
    await throttle(db, [{ key: bucket, limit: perEmail }], windowSeconds)
    if (!(await verifyPassword(password, row.password_hash))) throw new HttpError(403, OWNERSHIP.WRONG_PASSWORD)
    await refundRateLimit(db, bucket)
  }

  return new ContractApp<AuthEnv>()
    .operation(transferOwnershipRoute, async (c) => {
      const projectId = c.req.param('id')
      const { memberId, password } = await readBody(c, OwnershipTransfer)
      await authorize(db, c.var.userId, projectId, 'ownership.transfer')
      await checkPassword(c.var.userId, password)
      await db.transaction(async (tx) => {
        await authorize(tx, c.var.userId, projectId, 'ownership.transfer', { lock: true })
        const member = await lockMember(tx, projectId, memberId)
        if (!member) throw notFound(MEMBERS.MEMBER_NOT_FOUND)
        if (!member.user_id) throw badRequest(MEMBERS.TRANSFER_TO_ACTIVE)
        // The new owner's PROJECT_LIMIT, as creating a project checks it (account deletion's hand-over does not: departure.ts).
        if ((await holdNewOwner(tx, member.user_id)) >= config.projectLimit) throw conflict(OWNERSHIP.RECIPIENT_PROJECT_LIMIT(config.projectLimit))
        await transferOwnership(tx, projectId, c.var.userId, member)
        await audit(tx, projectId, c.var.userId, 'ownership.transferred', member.user_id, { email: member.email })
      })
      return c.json(await listMembers(db, projectId))
    })
    .operation(acceptInvitationRoute, requireToken(db, 'access'), async (c) => {
      const { code } = await readBody(c, InvitationAcceptance)
      await throttle(db, [{ key: `invitation-accept|${c.var.userId}`, limit: acceptsPerUser }], windowSeconds)
      const joined = await db.transaction(async (tx) => {
        const joined = await acceptInvitation(tx, sha256(code), c.var.userId, new Date(clock()))
        if (joined) await audit(tx, joined.projectId, c.var.userId, 'member.joined', joined.id, { role: joined.role })
        return joined
      })
      if (!joined) throw badRequest(MEMBERS.INVITATION_REFUSED)
      return c.json({ projectId: joined.projectId, role: joined.role })
    })
}
