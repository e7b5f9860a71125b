/** The projects table: SQL of this resource alone (what crosses into keys and webhooks is composed in lifecycle.ts). */
import type { ProjectSummary } from '../../../contract/responses'
import type { Queryable } from '../../db/index'
import { iso } from '../../db/time'
import { accountGone } from '../../http/auth'
import type { Role } from '../../security/authorization'
import { randomId } from '../../security/random'

type ProjectRow = { id: string; name: string; description: string; status: string; created_at: Date }

const COLUMNS = 'id, name, description, status, created_at'

const summary = (r: ProjectRow): ProjectSummary => ({
  id: r.id,
  name: r.name,
  description: r.description,
  createDate: iso(r.created_at),
  status: r.status,
})

/**
 * Inserts the owner's project, or answers undefined when the owner already
 * holds `limit` projects. The owner's row is locked for the count and the
 * insert, so parallel requests cannot overshoot the limit (`tx` must be a transaction);
 * an account deleted meanwhile is a 401, as its token now is.
 */
export async function insertProject(
  tx: Queryable,
  ownerId: string,
  fields: { name: string; description: string; webhookSecretHash: string },
  limit: number,
): Promise<ProjectSummary | undefined> {
  const [owner] = await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [ownerId])
  if (!owner) throw accountGone()
  if (Number.isFinite(limit)) {
    const [{ n }] = await tx.query<{ n: number }>('SELECT count(*)::integer AS n FROM projects WHERE owner_id = $1', [ownerId])
    if (n >= limit) return undefined
  }
  const [row] = await tx.query<ProjectRow>(
    `INSERT INTO projects (id, owner_id, name, description, webhook_secret_hash)
     VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
    [randomId('prj_'), ownerId, fields.name, fields.description, fields.webhookSecretHash],
  )
  return summary(row)
}

/** Every project the user belongs to, each with their role in it, newest first (ties by creation order). */
export async function listProjects(q: Queryable, userId: string): Promise<Array<ProjectSummary & { role: Role }>> {
  const rows = await q.query<ProjectRow & { seq: string; role: Role }>(
    `SELECT ${COLUMNS}, seq, 'owner' AS role FROM projects WHERE owner_id = $1
     UNION ALL
     SELECT p.id, p.name, p.description, p.status, p.created_at, p.seq, m.role
       FROM project_members m JOIN projects p ON p.id = m.project_id WHERE m.user_id = $1
     ORDER BY created_at DESC, seq DESC`,
    [userId],
  )
  return rows.map((r) => ({ ...summary(r), role: r.role }))
}

/** The project, or undefined for one that is missing (authorization is the caller's: security/authorization.ts). */
export async function findProject(q: Queryable, id: string): Promise<ProjectSummary | undefined> {
  const [row] = await q.query<ProjectRow>(`SELECT ${COLUMNS} FROM projects WHERE id = $1`, [id])
  return row && summary(row)
}

/** Renames the project or changes its description (left out: kept); answers the name it had. */
export async function changeProject(q: Queryable, id: string, change: { name?: string; description?: string }): Promise<string | undefined> {
  const [row] = await q.query<{ old_name: string }>(
    `UPDATE projects p SET name = COALESCE($2, p.name), description = COALESCE($3, p.description)
     FROM (SELECT name AS old_name FROM projects WHERE id = $1) old WHERE p.id = $1 RETURNING old.old_name`,
    [id, change.name ?? null, change.description ?? null],
  )
  return row?.old_name
}

/**
 * Deletes a project's row for good (not marked deleted): whatever refers to it
 * by a foreign key with ON DELETE CASCADE goes with it, such as webhook
 * endpoints and their messages.
 */
export async function removeProject(q: Queryable, id: string): Promise<void> {
  await q.query('DELETE FROM projects WHERE id = $1', [id])
}
