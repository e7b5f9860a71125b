import type { Queryable } from '../../db/index'
import type { PruneJob } from '../../db/retention'
import type { RouteDeps } from '../../http/route-deps'

/**
 * How long an invitation nobody accepted stays after its code expired: the
 * Members list shows it as expired, and an admin may resend it, for a month.
 * Then it goes, with the address it was sent to (the project may invite the
 * address anew); its `member.invited` entry stays for AUDIT_RETENTION_DAYS.
 */
export const EXPIRED_INVITATION_KEPT_DAYS = 30

/** Invitations deleted a statement. */
const BATCH = 500

/**
 * Deletes pending invitations whose code expired before `before`, a batch at a
 * time; true when a whole batch went. The conditions are on the deleted row
 * itself, so an invitation resent meanwhile (a later expiry) is checked again
 * and kept.
 */
export async function pruneExpiredInvitations(q: Queryable, before: Date, batch = BATCH): Promise<boolean> {
  const gone = await q.query(
    `DELETE FROM project_members WHERE user_id IS NULL AND expires_at < $1
       AND id IN (SELECT id FROM project_members WHERE user_id IS NULL AND expires_at < $1 LIMIT $2) RETURNING 1`,
    [before, batch],
  )
  return gone.length === batch
}

/** The members' part of the retention schedule: invitations expired more than EXPIRED_INVITATION_KEPT_DAYS ago. */
export const invitationRetention = ({ db }: RouteDeps): PruneJob[] => [
  { name: 'expired invitations', prune: (now) => pruneExpiredInvitations(db, new Date(now - EXPIRED_INVITATION_KEPT_DAYS * 86_400_000)) },
]
