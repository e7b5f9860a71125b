/** Reading the audit_log table (security/audit-log.ts writes it, in the transaction of each change). */
import type { Queryable } from '../../db/index'
import { iso } from '../../db/time'
import type { AuditAction, AuditDetails } from '../../security/audit-log'

export interface AuditEntry {
  id: string
  at: string
  actor: { id: string | null; name: string; email: string }
  action: AuditAction
  target: string | null
  details: AuditDetails
}

type Row = {
  id: string
  at: Date
  actor_id: string | null
  actor_name: string
  actor_email: string
  action: AuditAction
  target: string | null
  details: AuditDetails
}

/**
 * The project's entries newest first, `limit` of them, older than entry
 * `before` when given; undefined when `before` is no entry of this project.
 * Entries older than `since` are past their retention: the schedule deletes
 * them, and until then they are not shown.
 */
export async function listAudit(q: Queryable, projectId: string, limit: number, since: Date, before?: string): Promise<AuditEntry[] | undefined> {
  let after = Number.MAX_SAFE_INTEGER.toString()
  if (before !== undefined) {
    const [row] = await q.query<{ seq: string }>('SELECT seq::text AS seq FROM audit_log WHERE id = $1 AND project_id = $2', [before, projectId])
    if (!row) return undefined
    after = row.seq
  }
  const rows = await q.query<Row>(
    `SELECT id, at, actor_id, actor_name, actor_email, action, target, details FROM audit_log
     WHERE project_id = $1 AND seq < $2::bigint AND at >= $4 ORDER BY seq DESC LIMIT $3`,
    [projectId, after, limit, since],
  )
  return rows.map((r) => ({
    id: r.id,
    at: iso(r.at),
    actor: { id: r.actor_id, name: r.actor_name, email: r.actor_email },
    action: r.action,
    target: r.target,
    details: typeof r.details === 'string' ? (JSON.parse(r.details) as AuditDetails) : r.details,
  }))
}

/** Drops entries older than the retention, a bounded batch at a time (the retention schedule's job); true when a whole batch went. */
export async function pruneAudit(q: Queryable, now: number, retentionDays: number, batch = 500): Promise<boolean> {
  const [{ n }] = await q.query<{ n: number }>(
    'WITH gone AS (DELETE FROM audit_log WHERE id IN (SELECT id FROM audit_log WHERE at < $1 LIMIT $2) RETURNING 1) SELECT count(*)::integer AS n FROM gone',
    [new Date(now - retentionDays * 86_400_000), batch],
  )
  return n === batch
}
