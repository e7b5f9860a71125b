import { NewInvitation, RoleChange, type Invitation } from '../../../contract/teams'
import type { Queryable } from '../../db/index'
import { iso } from '../../db/time'
import type { AuthEnv } from '../../http/auth'
import { readBody } from '../../http/body'
import { HttpError, conflict, notFound } from '../../http/errors'
import type { Log } from '../../http/logger'
import type { RouteDeps } from '../../http/route-deps'
import { MAIL, mailFailure, type Mailer } from '../../mail/index'
import { ContractApp } from '../../openapi/contract-app'
import { authorize, roleNeeded } from '../../security/authorization'
import { audit } from '../../security/audit-log'
import {
  countMembers,
  findByEmail,
  insertInvitation,
  listMembers,
  lockMember,
  newInvitationCode,
  removeMember,
  renewInvitation,
  setRole,
  type MemberRow,
} from './data'
import { checkMayInvite, spendInvitation } from './invitation-limits'
import { invitationMail } from './mail'
import { endMemberAccess, keepList, memberAccess, removalCounts, revokeInvitationsBy } from './removal'
import { MEMBERS, changeRoleRoute, inviteRoute, listMembersRoute, removalPreviewRoute, removeMemberRoute, resendInvitationRoute } from './operations'

export interface MemberDeps extends RouteDeps {
  /** Undefined: mail is off, and inviting answers 503. */
  mailer: Mailer | undefined
  log: Log
}

const invitation = (r: MemberRow): Invitation => ({ id: r.id, email: r.email, role: r.role, status: 'invited', expiresAt: iso(r.expires_at!) })

/**
 * What an invitation mail names: the inviter's name and the project's, read in the transaction that made the code.
 * Read after it, a project deleted (or an inviter gone) meanwhile was mailed as "" by "".
 */
async function mailWords(q: Queryable, projectId: string, userId: string) {
  const [row] = await q.query<{ inviter: string; project: string }>(
    'SELECT u.name AS inviter, p.name AS project FROM projects p, users u WHERE p.id = $1 AND u.id = $2',
    [projectId, userId],
  )
  return row ?? { inviter: '', project: '' }
}

/** The /manage/dapp/{id}/members calls: inviting, listing, changing roles, removing (and leaving), resending. */
export function memberRoutes({ db, config, clock, mailer, log }: MemberDeps) {
  const needMail = () => {
    if (!mailer) throw new HttpError(503, MAIL.MAIL_NOT_CONFIGURED)
    return mailer
  }
  /** Mails the code once the answer has gone; a failure is logged without the code or the address. */
  const send = (to: Mailer, row: MemberRow, code: string, words: { inviter: string; project: string }) =>
    setImmediate(() =>
      to
        .send(invitationMail({ to: row.email, product: config.mail.productName, role: row.role, code, url: config.invitationUrl, ...words }))
        .catch((err: unknown) => log(`mail (invitation) failed: ${mailFailure(err)}`)),
    )
  const limits = { perUser: config.rateLimit.invitationsPerUser, perEmail: config.rateLimit.invitationsPerEmail }

  return new ContractApp<AuthEnv>()
    .operation(inviteRoute, async (c) => {
      const projectId = c.req.param('id')
      const { email, role } = await readBody(c, NewInvitation)
      await authorize(db, c.var.userId, projectId, 'members.manage')
      const to = needMail()
      await checkMayInvite(db, c.var.userId)
      const { code, hash } = newInvitationCode()
      const { row, words } = await db.transaction(async (tx) => {
        await authorize(tx, c.var.userId, projectId, 'members.manage', { lock: true })
        const known = await findByEmail(tx, projectId, email)
        if (known) throw conflict(known === 'member' ? MEMBERS.ALREADY_MEMBER : MEMBERS.ALREADY_INVITED)
        if ((await countMembers(tx, projectId)) >= config.memberLimit) throw conflict(MEMBERS.MEMBER_LIMIT_REACHED(config.memberLimit))
        await spendInvitation(tx, limits, c.var.userId, email)
        const row = await insertInvitation(tx, projectId, c.var.userId, email, role, hash, new Date(clock()))
        await audit(tx, projectId, c.var.userId, 'member.invited', row.id, { email, role })
        return { row, words: await mailWords(tx, projectId, c.var.userId) }
      })
      send(to, row, code, words)
      return c.json(invitation(row), 201)
    })
    .operation(listMembersRoute, async (c) => {
      const projectId = c.req.param('id')
      await authorize(db, c.var.userId, projectId, 'members.read')
      return c.json(await listMembers(db, projectId))
    })
    .operation(changeRoleRoute, async (c) => {
      const projectId = c.req.param('id')
      const memberId = c.req.param('memberId')
      const { role } = await readBody(c, RoleChange)
      const member = await db.transaction(async (tx) => {
        await authorize(tx, c.var.userId, projectId, 'members.manage', { lock: true })
        const row = await memberToChange(tx, projectId, memberId)
        if (row.role !== role) {
          await setRole(tx, memberId, role)
          await audit(tx, projectId, c.var.userId, 'member.role_changed', memberId, { email: row.email, from: row.role, to: role })
          // Only an admin invites: one who is no longer one leaves no invitation of theirs to be accepted.
          if (row.role === 'admin' && row.user_id) await revokeInvitationsBy(tx, projectId, row.user_id, c.var.userId, 'member.role_changed')
        }
        // Read under the change's locks: read after its commit, a removal or leaving committed meanwhile left no member to answer (an empty 200).
        return (await listMembers(tx, projectId)).find((m) => m.id === memberId)!
      })
      return c.json(member)
    })
    .operation(removalPreviewRoute, async (c) => {
      const projectId = c.req.param('id')
      const row = await removable(db, c.var.userId, projectId, c.req.param('memberId'))
      return c.json(await memberAccess(db, projectId, row.user_id, new Date(clock())))
    })
    .operation(removeMemberRoute, async (c) => {
      const projectId = c.req.param('id')
      const memberId = c.req.param('memberId')
      const keep = keepList(c.req.query('keep'))
      const removal = await db.transaction(async (tx) => {
        const row = await removable(tx, c.var.userId, projectId, memberId, { lock: true, keeps: keep.length > 0 })
        const leaving = row.user_id === c.var.userId
        await removeMember(tx, memberId)
        const action = leaving ? 'member.left' : row.user_id ? 'member.removed' : 'invitation.revoked'
        const removal = await endMemberAccess(tx, projectId, c.var.userId, row, keep, new Date(clock()), action)
        await audit(tx, projectId, c.var.userId, action, memberId, { email: row.email, role: row.role, ...(row.user_id ? removalCounts(removal) : {}) })
        return removal
      })
      return c.json(removal, 200)
    })
    .operation(resendInvitationRoute, async (c) => {
      const projectId = c.req.param('id')
      const memberId = c.req.param('memberId')
      await authorize(db, c.var.userId, projectId, 'members.manage')
      const to = needMail()
      await checkMayInvite(db, c.var.userId)
      const { code, hash } = newInvitationCode()
      const { row, words } = await db.transaction(async (tx) => {
        await authorize(tx, c.var.userId, projectId, 'members.manage', { lock: true })
        const found = await lockMember(tx, projectId, memberId)
        if (!found) throw notFound(MEMBERS.MEMBER_NOT_FOUND)
        if (found.user_id) throw conflict(MEMBERS.NOT_AN_INVITATION)
        await spendInvitation(tx, limits, c.var.userId, found.email)
        const row = (await renewInvitation(tx, projectId, memberId, c.var.userId, hash, new Date(clock())))!
        await audit(tx, projectId, c.var.userId, 'invitation.resent', memberId, { email: row.email })
        return { row, words: await mailWords(tx, projectId, c.var.userId) }
      })
      send(to, row, code, words)
      return c.json(invitation(row), 200)
    })
}

/**
 * The member a removal (or its preview) is about, locked: an admin or the
 * owner may remove anyone but the owner, any member themselves (leaving);
 * keeping what the member holds is the admin's or owner's choice alone.
 */
async function removable(q: Queryable, userId: string, projectId: string, memberId: string, { lock = false, keeps = false } = {}) {
  const mine = await authorize(q, userId, projectId, 'members.read', { lock })
  const row = await memberToChange(q, projectId, memberId)
  const manages = mine === 'admin' || mine === 'owner'
  if ((row.user_id !== userId || keeps) && !manages) throw roleNeeded('admin')
  return row
}

/** The owner's user id, which is their member id in the list (they hold no member row). */
async function ownerOf(q: Queryable, projectId: string): Promise<string | undefined> {
  const [row] = await q.query<{ owner_id: string }>('SELECT owner_id FROM projects WHERE id = $1', [projectId])
  return row?.owner_id
}

/**
 * The member a role change or a removal is about, locked: the owner (whose
 * member id is their user id, with no member row) answers 403, since only a
 * transfer moves them; an unknown id 404.
 */
async function memberToChange(q: Queryable, projectId: string, memberId: string) {
  const row = await lockMember(q, projectId, memberId)
  if (!row) throw memberId === (await ownerOf(q, projectId)) ? new HttpError(403, MEMBERS.OWNER_STAYS) : notFound(MEMBERS.MEMBER_NOT_FOUND)
  return row
}
