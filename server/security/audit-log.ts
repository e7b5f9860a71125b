/**
 * Writing the audit log: who did what to a project. Every resource records
 * its changes here, in the transaction that makes them, so an entry exists
 * exactly when its change does (resources/audit reads them).
 */
import type { Queryable } from '../db/index'
import { randomId } from './random'

// No project.deleted: a deleted project's log goes with it (forgetProjects), so nobody could read one.
export const AUDIT_ACTIONS = [
  'project.created',
  'project.renamed',
  'project.changed',
  'key.created',
  'key.renamed',
  'key.changed',
  'key.rolled',
  'key.restricted',
  'key.deleted',
  'key.revoked',
  'key.kept',
  'endpoint.added',
  'endpoint.changed',
  'endpoint.disabled',
  'endpoint.deleted',
  'endpoint.kept',
  'secret.rolled',
  'test_event.sent',
  'message.resent',
  'member.invited',
  'invitation.resent',
  'invitation.revoked',
  'invitation.declined',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'member.left',
  'ownership.transferred',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

/** What an entry may say about a change: names, roles, addresses, flags; never a key, secret, code or payload. */
export type AuditDetails = Record<string, string | number | boolean | null>

/**
 * Records `action` by `actorId` on `projectId`. Call it with the transaction
 * that makes the change, so the entry exists exactly when the change does.
 * The actor's name and e-mail address are copied: the entry outlives the
 * account (though not the project, see forgetProjects). The address is the one the Members list shows (a host sign-in
 * account's is the one its provider gave); names are anyone's to choose.
 */
export async function audit(
  tx: Queryable,
  projectId: string,
  actorId: string,
  action: AuditAction,
  target: string | null = null,
  details: AuditDetails = {},
): Promise<void> {
  await tx.query(
    `INSERT INTO audit_log (id, project_id, at, actor_id, actor_name, actor_email, action, target, details)
     SELECT $1, $2, now(), $3, COALESCE(u.name, ''), COALESCE(u.email, u.external_email, ''), $4, $5, $6::jsonb
     FROM (SELECT $3::text AS id) actor LEFT JOIN users u ON u.id = actor.id`,
    [randomId('aud_'), projectId, actorId, action, target, JSON.stringify(details)],
  )
}

/**
 * Deletes every entry of projects just deleted, in the transaction that
 * deleted them (after their rows, so a change that committed meanwhile has
 * written its entry by then). Nobody can read a deleted project's log any
 * more (its reads answer 404), and its entries name every actor and invited
 * address; its request logs go too (resources/logs/purge.ts). No entry of
 * the deletion is kept.
 */
export async function forgetProjects(tx: Queryable, projectIds: readonly string[]): Promise<void> {
  if (projectIds.length > 0) await tx.query('DELETE FROM audit_log WHERE project_id = ANY($1::text[])', [projectIds])
}
