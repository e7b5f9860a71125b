/** The projects table: SQL of this resource alone (what crosses into keys and webhooks is composed in lifecycle.ts). */
import type { ProjectSummary } from '../../../contract/responses'
import type { Queryable } from '../../db/index'
import { iso } from '../../db/time'
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
 * insert, so parallel requests cannot overshoot the limit (`tx` must be a transaction).
 */
export async function insertProject(
  tx: Queryable,
  ownerId: string,
  fields: { name: string; description: string; webhookSecretHash: string },
  limit: number,
): Promise<ProjectSummary | undefined> {
  if (Number.isFinite(limit)) {
    await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [ownerId])
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

/** The owner's projects, newest first (ties by creation order). */
export async function listProjects(q: Queryable, ownerId: string): Promise<ProjectSummary[]> {
  const rows = await q.query<ProjectRow>(`SELECT ${COLUMNS} FROM projects WHERE owner_id = $1 ORDER BY created_at DESC, seq DESC`, [ownerId])
  return rows.map(summary)
}

/** The owner's project, or undefined for one that is missing or someone else's — the caller cannot tell which. */
export async function findProject(q: Queryable, ownerId: string, id: string): Promise<ProjectSummary | undefined> {
  const [row] = await q.query<ProjectRow>(`SELECT ${COLUMNS} FROM projects WHERE id = $1 AND owner_id = $2`, [id, ownerId])
  return row && summary(row)
}

/** Renames the owner's project or changes its description (left out: kept); false when it is missing or someone else's. */
export async function changeProject(q: Queryable, ownerId: string, id: string, change: { name?: string; description?: string }): Promise<boolean> {
  const rows = await q.query<{ id: string }>(
    'UPDATE projects SET name = COALESCE($3, name), description = COALESCE($4, description) WHERE id = $1 AND owner_id = $2 RETURNING id',
    [id, ownerId, change.name ?? null, change.description ?? null],
  )
  return rows.length > 0
}

/**
 * Deletes a project's row for good (not marked deleted): whatever refers to it
 * by a foreign key with ON DELETE CASCADE goes with it, such as webhook
 * endpoints and their messages.
 */
export async function removeProject(q: Queryable, id: string): Promise<void> {
  await q.query('DELETE FROM projects WHERE id = $1', [id])
}
