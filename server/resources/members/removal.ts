import type { MemberAccess, MemberRemoval } from '../../../contract/teams'
import type { Queryable } from '../../db/index'
import { badRequest } from '../../http/errors'
import { audit, type AuditAction } from '../../security/audit-log'
import { endKeys, keysSeenBy } from '../api-keys'
import { endEndpoints, endpointsAddedBy } from '../webhooks'
import { MEMBERS } from './operations'

/**
 * What a member could still use once gone, and its end: the keys whose whole
 * text they saw last (a key they saw is a key they may have copied) and the
 * endpoints they added (an address they chose, which would go on getting the
 * project's events). A removal or a leaving ends them all unless the remover
 * names some to keep; each end, and each one kept, is an entry of the audit
 * log, in the removal's transaction.
 */

/** At most this many ids in `keep`: far more than a project's keys and endpoints together. */
const KEEP_MOST = 200

/** `?keep=apid_…,whe_…`: the ids the remover keeps working, each one named once. */
export function keepList(raw: string | undefined): string[] {
  const ids = [
    ...new Set(
      (raw ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ]
  if (ids.length > KEEP_MOST) throw badRequest(MEMBERS.KEEP_NOT_THEIRS)
  return ids
}

/** The member's keys and endpoints that a removal would end; an invitation (no account) has none. */
export async function memberAccess(q: Queryable, projectId: string, userId: string | null, now: Date): Promise<MemberAccess> {
  if (!userId) return { keys: [], endpoints: [] }
  const keys = await keysSeenBy(q, projectId, userId, now)
  const endpoints = await endpointsAddedBy(q, projectId, userId)
  return { keys, endpoints }
}

/**
 * Revokes the invitations `inviterId` sent in the project that nobody has accepted yet, each recorded: a member
 * removed, one who is no longer an admin, or an account that is gone must not bring someone in afterwards
 * through a code already mailed (to an address of their own, say).
 */
export async function revokeInvitationsBy(tx: Queryable, projectId: string, inviterId: string, actorId: string, reason: string): Promise<void> {
  const revoked = await tx.query<{ id: string; email: string; role: string }>(
    'DELETE FROM project_members WHERE project_id = $1 AND invited_by = $2 AND user_id IS NULL RETURNING id, email, role',
    [projectId, inviterId],
  )
  for (const i of revoked) await audit(tx, projectId, actorId, 'invitation.revoked', i.id, { email: i.email, role: i.role, reason })
}

/** The origin of an endpoint's address, as the audit log names an endpoint: never its path or query. */
const origin = (url: string) => {
  try {
    return new URL(url).origin
  } catch {
    return ''
  }
}

/**
 * Run in the removal's transaction, once the member row is gone: ends what
 * the member holds but what `keep` names (400 when it names anything else),
 * records each outcome, and answers them.
 */
export async function endMemberAccess(
  tx: Queryable,
  projectId: string,
  actorId: string,
  member: { user_id: string | null; email: string },
  keep: string[],
  now: Date,
  reason: AuditAction,
): Promise<MemberRemoval> {
  const access = await memberAccess(tx, projectId, member.user_id, now)
  const theirs = new Set([...access.keys, ...access.endpoints].map((x) => x.id))
  if (keep.some((id) => !theirs.has(id))) throw badRequest(MEMBERS.KEEP_NOT_THEIRS)
  const kept = new Set(keep)
  const keys = access.keys.map((k) => ({ ...k, outcome: kept.has(k.id) ? ('kept' as const) : ('revoked' as const) }))
  const endpoints = access.endpoints.map((e) => ({ ...e, outcome: kept.has(e.id) ? ('kept' as const) : ('disabled' as const) }))
  const ended = <T extends { id: string; outcome: string }>(list: T[]) => list.filter((x) => x.outcome !== 'kept').map((x) => x.id)
  await endKeys(tx, projectId, ended(keys), now)
  await endEndpoints(tx, projectId, ended(endpoints))
  if (member.user_id) await revokeInvitationsBy(tx, projectId, member.user_id, actorId, reason)
  for (const k of keys) {
    const details = { name: k.name, member: member.email }
    await audit(tx, projectId, actorId, k.outcome === 'kept' ? 'key.kept' : 'key.revoked', k.id, k.outcome === 'kept' ? details : { ...details, reason })
  }
  for (const e of endpoints) {
    const details = { url: origin(e.url), member: member.email }
    await audit(
      tx,
      projectId,
      actorId,
      e.outcome === 'kept' ? 'endpoint.kept' : 'endpoint.disabled',
      e.id,
      e.outcome === 'kept' ? details : { ...details, reason },
    )
  }
  return { keys, endpoints }
}

/** The removal's counts, for its own audit entry. */
export const removalCounts = (r: MemberRemoval) => ({
  keysRevoked: r.keys.filter((k) => k.outcome === 'revoked').length,
  keysKept: r.keys.filter((k) => k.outcome === 'kept').length,
  endpointsDisabled: r.endpoints.filter((e) => e.outcome === 'disabled').length,
  endpointsKept: r.endpoints.filter((e) => e.outcome === 'kept').length,
})
