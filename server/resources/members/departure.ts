import type { Queryable } from '../../db/index'
import { audit } from '../../security/audit-log'
import { endMemberAccess, removalCounts, revokeInvitationsBy } from './removal'

/** What deleting an account does to the projects it belongs to: the deletion's confirmation shows it first. */
export interface Departure {
  /** Projects it owns that go to their longest-standing admin. */
  handedOver: Array<{ projectId: string; name: string; to: { id: string; name: string } }>
  /** Projects it owns with no admin: deleted with their keys. */
  deleted: Array<{ projectId: string; name: string }>
  /** Projects it is a member of, which it leaves. */
  left: Array<{ projectId: string; name: string }>
}

/** SQL: the member an owned project `p` passes to when its owner's account goes, its longest-standing active admin; none, and it goes too. */
const HEIR = `SELECT m.id, m.user_id FROM project_members m
  WHERE m.project_id = p.id AND m.role = 'admin' AND m.user_id IS NOT NULL ORDER BY m.joined_at, m.seq LIMIT 1`

/** The successor of each of the user's projects: its longest-standing active admin, if any. */
async function plan(q: Queryable, userId: string): Promise<Departure & { members: Array<{ projectId: string; memberId: string; email: string }> }> {
  const owned = await q.query<{ id: string; name: string; heir_member: string | null; heir_id: string | null; heir_name: string | null }>(
    `SELECT p.id, p.name, h.id AS heir_member, h.user_id AS heir_id, u.name AS heir_name FROM projects p
       LEFT JOIN LATERAL (${HEIR}) h ON true
       LEFT JOIN users u ON u.id = h.user_id
     WHERE p.owner_id = $1 ORDER BY p.seq`,
    [userId],
  )
  const memberOf = await q.query<{ id: string; project_id: string; name: string; email: string }>(
    'SELECT m.id, m.project_id, p.name, m.email FROM project_members m JOIN projects p ON p.id = m.project_id WHERE m.user_id = $1 ORDER BY m.seq',
    [userId],
  )
  return {
    handedOver: owned.filter((p) => p.heir_id).map((p) => ({ projectId: p.id, name: p.name, to: { id: p.heir_id!, name: p.heir_name ?? '' } })),
    deleted: owned.filter((p) => !p.heir_id).map((p) => ({ projectId: p.id, name: p.name })),
    left: memberOf.map((m) => ({ projectId: m.project_id, name: m.name })),
    members: memberOf.map((m) => ({ projectId: m.project_id, memberId: m.id, email: m.email })),
  }
}

/** How many projects, and keys in them, would go with the account of `userId`: those it owns that no admin takes over. */
export async function goingWithAccount(q: Queryable, userId: string): Promise<{ projects: number; keys: number }> {
  const [row] = await q.query<{ projects: number; keys: number }>(
    `SELECT count(DISTINCT p.id)::integer AS projects, count(k.id)::integer AS keys
       FROM projects p LEFT JOIN api_keys k ON k.project_id = p.id
      WHERE p.owner_id = $1 AND NOT EXISTS (${HEIR})`,
    [userId],
  )
  return row
}

/** What deleting `userId` would do to their projects. */
export async function departurePreview(q: Queryable, userId: string): Promise<Departure> {
  const { handedOver, deleted, left } = await plan(q, userId)
  return { handedOver, deleted, left }
}

/**
 * Holds the rows of every project the user owns or is a member of, and of every other project whose rows name them
 * (a key they made or saw, a member they invited, an endpoint they added: in a project they have left). Every change
 * to a project's members holds the project's row (authorize's lock), and so does the deletion, before it reads its
 * plan: else a removal or transfer committing meanwhile is undone (a removed admin made owner, or a project just
 * handed to this user deleted with its account). Those that start later wait, then find the user gone. The deletion
 * takes them before the user's own row, the order a call in a project takes them in (the project, then the user's
 * row its new rows name). The rows naming them are cleared by the user row's cascade, which holds those projects too
 * (a key both made and seen by them is changed twice, and its second change checks its project): taken after the
 * user's row, a roll or a member's removal in a project they had left deadlocked with the deletion.
 */
export async function holdEveryProject(tx: Queryable, userId: string): Promise<void> {
  await tx.query(
    `SELECT id FROM projects
      WHERE owner_id = $1
         OR id IN (SELECT project_id FROM project_members WHERE user_id = $1 OR invited_by = $1)
         OR id IN (SELECT project_id FROM api_keys WHERE created_by = $1 OR seen_by = $1)
         OR id IN (SELECT project_id FROM webhook_endpoints WHERE added_by = $1)
      ORDER BY id FOR UPDATE`,
    [userId],
  )
}

/**
 * Run in the account deletion's transaction, before the user's row goes:
 * each owned project with an admin passes to the longest-standing one (who
 * leaves their member row); the rest go with the account (ON DELETE CASCADE:
 * their keys' rows each tell every instance), and the caller then deletes
 * their audit logs (security/audit-log.ts forgetProjects). Memberships go by cascade too,
 * ending what the member could still use in each project as leaving does
 * (removal.ts: the keys whose text they saw expire, the endpoints they added
 * are disabled); each is recorded in its project's audit log.
 */
export async function leaveEveryProject(tx: Queryable, userId: string, now: Date): Promise<Departure> {
  // Held again: one the user joined since the deletion first held them counts too.
  await holdEveryProject(tx, userId)
  const p = await plan(tx, userId)
  // Not refused for the heir's PROJECT_LIMIT, as a transfer by hand is: the project would go with the account instead.
  for (const { projectId, to } of p.handedOver) {
    await tx.query('DELETE FROM project_members WHERE project_id = $1 AND user_id = $2', [projectId, to.id])
    await tx.query('UPDATE projects SET owner_id = $2 WHERE id = $1', [projectId, to.id])
    // Named by address as a transfer by hand is, so the log says who has the project now.
    const [heir] = await tx.query<{ email: string }>('SELECT COALESCE(email, external_email) AS email FROM users WHERE id = $1', [to.id])
    await audit(tx, projectId, userId, 'ownership.transferred', to.id, { email: heir!.email, reason: 'account deleted' })
    await revokeInvitationsBy(tx, projectId, userId, userId, 'account deleted')
  }
  for (const { projectId, memberId, email } of p.members) {
    const ended = await endMemberAccess(tx, projectId, userId, { user_id: userId, email }, [], now, 'member.left')
    await audit(tx, projectId, userId, 'member.left', memberId, { reason: 'account deleted', ...removalCounts(ended) })
  }
  return { handedOver: p.handedOver, deleted: p.deleted, left: p.left }
}
