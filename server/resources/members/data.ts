/** The project_members table: a project's members beside its owner (projects.owner_id), and its pending invitations. */
import type { Member } from '../../../contract/teams'
import type { Queryable } from '../../db/index'
import { iso } from '../../db/time'
import type { MemberRole } from '../../security/authorization'
import { randomId, sha256 } from '../../security/random'

/** How long an invitation's code works. */
export const INVITATION_TTL_MS = 7 * 86_400_000

export type MemberRow = {
  id: string
  user_id: string | null
  email: string
  role: MemberRole
  invited_at: Date
  joined_at: Date | null
  expires_at: Date | null
}

const COLUMNS = 'm.id, m.user_id, m.email, m.role, m.invited_at, m.joined_at, m.expires_at'

/** A new invitation code: 256 random bits, so its SHA-256 alone is stored and cannot be reversed by guessing. */
export const newInvitationCode = () => {
  const code = randomId('fxi_', 32)
  return { code, hash: sha256(code) }
}

/**
 * The owner first (their member id is their user id: they hold no row), then
 * members and invitations in the order they were invited.
 */
export async function listMembers(q: Queryable, projectId: string): Promise<Member[]> {
  const [owner] = await q.query<{ id: string; name: string; email: string | null; external_email: string | null; created_at: Date }>(
    `SELECT u.id, u.name, u.email, u.external_email, p.created_at FROM projects p JOIN users u ON u.id = p.owner_id WHERE p.id = $1`,
    [projectId],
  )
  const rows = await q.query<MemberRow & { name: string | null; account_email: string | null }>(
    `SELECT ${COLUMNS}, u.name, COALESCE(u.email, u.external_email) AS account_email
       FROM project_members m LEFT JOIN users u ON u.id = m.user_id WHERE m.project_id = $1 ORDER BY m.seq`,
    [projectId],
  )
  const list: Member[] = []
  if (owner) {
    const at = iso(owner.created_at)
    list.push({
      id: owner.id,
      userId: owner.id,
      name: owner.name,
      email: owner.email ?? owner.external_email ?? '',
      role: 'owner',
      status: 'active',
      joinedAt: at,
      invitedAt: at,
      expiresAt: null,
    })
  }
  for (const r of rows) {
    list.push({
      id: r.id,
      userId: r.user_id,
      name: r.name ?? '',
      email: r.account_email ?? r.email,
      role: r.role,
      status: r.user_id ? 'active' : 'invited',
      joinedAt: r.joined_at ? iso(r.joined_at) : null,
      invitedAt: iso(r.invited_at),
      expiresAt: r.expires_at ? iso(r.expires_at) : null,
    })
  }
  return list
}

/** Members and pending invitations of the project, its owner included. */
export async function countMembers(q: Queryable, projectId: string): Promise<number> {
  const [{ n }] = await q.query<{ n: number }>('SELECT count(*)::integer + 1 AS n FROM project_members WHERE project_id = $1', [projectId])
  return n
}

/** Whether `email` is the owner's or an active member's address, or already invited. */
export async function findByEmail(q: Queryable, projectId: string, email: string): Promise<'member' | 'invited' | undefined> {
  const [row] = await q.query<{ state: 'member' | 'invited' }>(
    `SELECT 'member' AS state FROM projects p JOIN users u ON u.id = p.owner_id WHERE p.id = $1 AND COALESCE(u.email, u.external_email) = $2
     UNION ALL
     SELECT CASE WHEN m.user_id IS NULL THEN 'invited' ELSE 'member' END FROM project_members m LEFT JOIN users u ON u.id = m.user_id
      WHERE m.project_id = $1 AND (m.email = $2 OR COALESCE(u.email, u.external_email) = $2)
     LIMIT 1`,
    [projectId, email],
  )
  return row?.state
}

export async function insertInvitation(
  q: Queryable,
  projectId: string,
  invitedBy: string,
  email: string,
  role: MemberRole,
  codeHash: string,
  now: Date,
): Promise<MemberRow> {
  const [row] = await q.query<MemberRow>(
    `INSERT INTO project_members AS m (id, project_id, email, role, invited_by, invited_at, code_hash, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
    [randomId('mem_'), projectId, email, role, invitedBy, now, codeHash, new Date(now.getTime() + INVITATION_TTL_MS)],
  )
  return row
}

/**
 * A new code and expiry for a pending invitation (a resend), now `resentBy`'s: the mail names them, and the code
 * they mailed goes with their access (revokeInvitationsBy), not with the first inviter's; undefined when it is no
 * pending invitation of the project.
 */
export async function renewInvitation(
  q: Queryable,
  projectId: string,
  memberId: string,
  resentBy: string,
  codeHash: string,
  now: Date,
): Promise<MemberRow | undefined> {
  const [row] = await q.query<MemberRow>(
    `UPDATE project_members AS m SET code_hash = $3, expires_at = $4, invited_at = $5, invited_by = $6
      WHERE m.id = $1 AND m.project_id = $2 AND m.user_id IS NULL RETURNING ${COLUMNS}`,
    [memberId, projectId, codeHash, new Date(now.getTime() + INVITATION_TTL_MS), now, resentBy],
  )
  return row
}

/** The member row of the project, locked for a change. */
export async function lockMember(q: Queryable, projectId: string, memberId: string): Promise<MemberRow | undefined> {
  const [row] = await q.query<MemberRow>(`SELECT ${COLUMNS} FROM project_members m WHERE m.id = $1 AND m.project_id = $2 FOR UPDATE`, [memberId, projectId])
  return row
}

export async function setRole(q: Queryable, memberId: string, role: MemberRole): Promise<void> {
  await q.query('UPDATE project_members SET role = $2 WHERE id = $1', [memberId, role])
}

export async function removeMember(q: Queryable, memberId: string): Promise<void> {
  await q.query('DELETE FROM project_members WHERE id = $1', [memberId])
}

/**
 * Before a pending invitation becomes a membership: holds its project's row, as every change to a project's
 * members does (an owner's account deletion reads who inherits each project under that lock, and an admin who
 * joined meanwhile would otherwise go with the deleted project), then the joining account's row, so that a
 * deletion of that account under way finishes first and the join finds no account (not a broken reference).
 * False when the invitation or the account is gone. `tx` must be a transaction.
 */
export async function holdForJoining(tx: Queryable, invitation: { codeHash: string } | { id: string }, userId: string): Promise<boolean> {
  const [pending] = await tx.query<{ project_id: string }>(
    `SELECT project_id FROM project_members WHERE ${'id' in invitation ? 'id' : 'code_hash'} = $1 AND user_id IS NULL`,
    ['id' in invitation ? invitation.id : invitation.codeHash],
  )
  if (!pending) return false
  await tx.query('SELECT 1 FROM projects WHERE id = $1 FOR UPDATE', [pending.project_id])
  return (await tx.query('SELECT 1 FROM users WHERE id = $1 FOR KEY SHARE', [userId])).length > 0
}

/**
 * Takes the pending invitation `codeHash` names for `userId`, when it is
 * theirs (the invited address is the account's) and unexpired: the row
 * becomes their membership and the code is gone. Undefined otherwise, for
 * every reason alike. `q` must be a transaction (holdForJoining).
 */
export async function acceptInvitation(
  q: Queryable,
  codeHash: string,
  userId: string,
  now: Date,
): Promise<{ id: string; projectId: string; role: MemberRole } | undefined> {
  if (!(await holdForJoining(q, { codeHash }, userId))) return undefined
  const [row] = await q.query<{ id: string; project_id: string; role: MemberRole }>(
    `UPDATE project_members m SET user_id = u.id, joined_at = $3, code_hash = NULL, expires_at = NULL
       FROM users u
      WHERE m.code_hash = $1 AND m.user_id IS NULL AND m.expires_at > $3
        AND u.id = $2 AND COALESCE(u.email, u.external_email) = m.email
        AND NOT EXISTS (SELECT 1 FROM project_members o WHERE o.project_id = m.project_id AND o.user_id = u.id)
        AND NOT EXISTS (SELECT 1 FROM projects p WHERE p.id = m.project_id AND p.owner_id = u.id)
      RETURNING m.id, m.project_id, m.role`,
    [codeHash, userId, now],
  )
  if (!row) return undefined
  // The code came to the address: it reaches its owner.
  await q.query('UPDATE users SET email_verified_at = COALESCE(email_verified_at, $2) WHERE id = $1', [userId, now])
  return { id: row.id, projectId: row.project_id, role: row.role }
}

/**
 * Holds the account a transfer makes the owner, and answers how many projects it owns, for PROJECT_LIMIT. Its users
 * row is locked FOR NO KEY UPDATE, which waits for a creation under way (insertProject holds the row FOR UPDATE) and
 * for another transfer to the account, and makes them wait, so that none of them counts without the others' project.
 * Not FOR UPDATE, which also waits for a new row that refers to it: two owners handing each other a project at once
 * would each lock the other's row, then wait for their own to write the admin row naming them (a deadlock: PostgreSQL
 * ends one, a 500).
 * `q` must be a transaction.
 */
export async function holdNewOwner(q: Queryable, userId: string): Promise<number> {
  await q.query('SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE', [userId])
  const [{ n }] = await q.query<{ n: number }>('SELECT count(*)::integer AS n FROM projects WHERE owner_id = $1', [userId])
  return n
}

/**
 * Makes member `memberId` (active) the owner; the owner becomes an admin in
 * the row the new owner leaves. The caller holds the project's lock.
 */
export async function transferOwnership(q: Queryable, projectId: string, ownerId: string, member: MemberRow): Promise<void> {
  await q.query('DELETE FROM project_members WHERE id = $1', [member.id])
  await q.query('UPDATE projects SET owner_id = $2 WHERE id = $1', [projectId, member.user_id])
  const [{ created_at, email }] = await q.query<{ created_at: Date; email: string }>(
    "SELECT p.created_at, COALESCE(u.email, u.external_email, '') AS email FROM projects p JOIN users u ON u.id = $2 WHERE p.id = $1",
    [projectId, ownerId],
  )
  await q.query(`INSERT INTO project_members (id, project_id, user_id, email, role, invited_at, joined_at) VALUES ($1, $2, $3, $4, 'admin', $5, $5)`, [
    randomId('mem_'),
    projectId,
    ownerId,
    email,
    created_at,
  ])
}
