/** The invitations waiting for one account: those to its verified address, unexpired. */
import type { PendingInvitation } from '../../../contract/teams'
import type { Queryable } from '../../db/index'
import { iso } from '../../db/time'
import type { MemberRole } from '../../security/authorization'
import { holdForJoining } from './data'

/**
 * A verified address: a mailed code came back, or, for a host sign-in account, its provider said at the last sign-in
 * that it verified the address (POST /sessions emailVerified). Not every host account: a provider may let its users set
 * any address, and an invitation to someone else's would then be theirs.
 */
const VERIFIED = 'u.email_verified_at IS NOT NULL'

type Row = {
  id: string
  project_id: string
  project_name: string
  role: MemberRole
  inviter_name: string | null
  inviter_email: string | null
  expires_at: Date
}

/**
 * Whether the account's address is verified, and the pending invitations to
 * it. An unverified address lists none: anyone may sign up with any address,
 * and the list names projects and their people.
 */
export async function pendingFor(q: Queryable, userId: string, now: Date): Promise<{ emailVerified: boolean; invitations: PendingInvitation[] }> {
  const [user] = await q.query<{ verified: boolean }>(`SELECT ${VERIFIED} AS verified FROM users u WHERE u.id = $1`, [userId])
  if (!user?.verified) return { emailVerified: false, invitations: [] }
  const rows = await q.query<Row>(
    `SELECT m.id, p.id AS project_id, p.name AS project_name, m.role, i.name AS inviter_name, COALESCE(i.email, i.external_email) AS inviter_email, m.expires_at
       FROM users u
       JOIN project_members m ON m.email = COALESCE(u.email, u.external_email) AND m.user_id IS NULL AND m.expires_at > $2
       JOIN projects p ON p.id = m.project_id
       LEFT JOIN users i ON i.id = m.invited_by
      WHERE u.id = $1
      ORDER BY m.invited_at DESC
      LIMIT 100`,
    [userId, now],
  )
  return {
    emailVerified: true,
    invitations: rows.map((r) => ({
      id: r.id,
      project: { id: r.project_id, name: r.project_name },
      role: r.role,
      inviter: { name: r.inviter_name ?? '', email: r.inviter_email ?? '' },
      expiresAt: iso(r.expires_at),
    })),
  }
}

/** Deletes invitation `id` when it is pending to `userId`'s verified address; answers its project and address, or undefined. */
export async function declineInvitation(
  q: Queryable,
  id: string,
  userId: string,
  now: Date,
): Promise<{ projectId: string; email: string; role: MemberRole } | undefined> {
  const [row] = await q.query<{ project_id: string; email: string; role: MemberRole }>(
    `DELETE FROM project_members m USING users u
      WHERE m.id = $1 AND m.user_id IS NULL AND m.expires_at > $3
        AND u.id = $2 AND ${VERIFIED} AND COALESCE(u.email, u.external_email) = m.email
      RETURNING m.project_id, m.email, m.role`,
    [id, userId, now],
  )
  return row ? { projectId: row.project_id, email: row.email, role: row.role } : undefined
}

/**
 * Joins the project of invitation `id` when it is pending to `userId`'s
 * verified address: a verified address proves what the mailed code proves.
 * Undefined otherwise, for every reason alike. `q` must be a transaction (holdForJoining).
 */
export async function acceptById(q: Queryable, id: string, userId: string, now: Date): Promise<{ projectId: string; role: MemberRole } | undefined> {
  if (!(await holdForJoining(q, { id }, userId))) return undefined
  const [row] = await q.query<{ project_id: string; role: MemberRole }>(
    `UPDATE project_members m SET user_id = u.id, joined_at = $3, code_hash = NULL, expires_at = NULL
       FROM users u
      WHERE m.id = $1 AND m.user_id IS NULL AND m.expires_at > $3
        AND u.id = $2 AND ${VERIFIED} AND COALESCE(u.email, u.external_email) = m.email
        AND NOT EXISTS (SELECT 1 FROM project_members o WHERE o.project_id = m.project_id AND o.user_id = u.id)
        AND NOT EXISTS (SELECT 1 FROM projects p WHERE p.id = m.project_id AND p.owner_id = u.id)
      RETURNING m.project_id, m.role`,
    [id, userId, now],
  )
  return row ? { projectId: row.project_id, role: row.role } : undefined
}
