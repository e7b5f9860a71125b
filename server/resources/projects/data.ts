import type { CreatedProject, Project, ProjectSummary } from '../../../contract/responses'
import type { Database, Queryable } from '../../db/index'
import { iso } from '../../db/time'
import { ownsProject } from '../../security/ownership'
import { randomId } from '../../security/random'
import { deleteProjectKeys, insertKey, listKeys } from '../api-keys'
import { storeSigningSecret } from '../webhooks'
import { newWebhookSecret } from './webhook-secret'

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
 * A project with its first key pair, both or neither; undefined when the
 * owner already holds `limit` projects. The owner's row is locked for the
 * count and the insert, so parallel requests cannot overshoot the limit.
 */
export async function createProject(
  db: Database,
  ownerId: string,
  name: string,
  description: string,
  limit: number,
  secretKey: Buffer,
  keyPrefix?: string,
): Promise<CreatedProject | undefined> {
  const webhook = newWebhookSecret()
  return db.transaction(async (tx) => {
    if (Number.isFinite(limit)) {
      await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [ownerId])
      const [{ n }] = await tx.query<{ n: number }>('SELECT count(*)::integer AS n FROM projects WHERE owner_id = $1', [ownerId])
      if (n >= limit) return undefined
    }
    const [row] = await tx.query<ProjectRow>(
      `INSERT INTO projects (id, owner_id, name, description, webhook_secret_hash)
       VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
      [randomId('prj_'), ownerId, name, description, webhook.hash],
    )
    const apiKey = await insertKey(tx, row.id, { prefix: keyPrefix })
    // Encrypted, not only hashed: deliveries are signed with it.
    await storeSigningSecret(tx, secretKey, row.id, webhook.secret)
    return { ...summary(row), apiKey, webhookSecret: webhook.secret }
  })
}

/** The owner's projects, newest first (ties by creation order). */
export async function listProjects(q: Queryable, ownerId: string): Promise<ProjectSummary[]> {
  const rows = await q.query<ProjectRow>(`SELECT ${COLUMNS} FROM projects WHERE owner_id = $1 ORDER BY created_at DESC, seq DESC`, [ownerId])
  return rows.map(summary)
}

/**
 * The owner's project with its keys masked, in creation order; undefined for a
 * project that is missing or someone else's — the caller cannot tell which.
 */
export async function getProject(q: Queryable, ownerId: string, id: string): Promise<Omit<Project, 'keyLimit'> | undefined> {
  const [row] = await q.query<ProjectRow>(`SELECT ${COLUMNS} FROM projects WHERE id = $1 AND owner_id = $2`, [id, ownerId])
  if (!row) return undefined
  const keys = await listKeys(q, row.id)
  return { ...summary(row), apiKey: Object.fromEntries(keys.map((k) => [k.id, k.maskedKey])), keys }
}

/**
 * Renames the owner's project or changes its description (left out: kept);
 * answers it as getProject does, or undefined when it is missing or someone else's.
 */
export async function updateProject(
  q: Queryable,
  ownerId: string,
  id: string,
  change: { name?: string; description?: string },
): Promise<Omit<Project, 'keyLimit'> | undefined> {
  const [row] = await q.query<{ id: string }>(
    'UPDATE projects SET name = COALESCE($3, name), description = COALESCE($4, description) WHERE id = $1 AND owner_id = $2 RETURNING id',
    [id, ownerId, change.name ?? null, change.description ?? null],
  )
  return row ? getProject(q, ownerId, id) : undefined
}

/**
 * Deletes the owner's project for good (not marked deleted: its rows go, and
 * whatever refers to it by a foreign key with ON DELETE CASCADE goes with it,
 * such as webhook endpoints and their messages). Its keys are deleted first,
 * each with a NOTIFY, so that every instance stops accepting them at once.
 * Answers the deleted keys' ids, or undefined for a project that is missing or
 * someone else's.
 */
export async function deleteProject(db: Database, ownerId: string, id: string): Promise<string[] | undefined> {
  return db.transaction(async (tx) => {
    // The lock makes a key creation or roll running now wait, then find no project.
    if (!(await ownsProject(tx, ownerId, id, { lock: true }))) return undefined
    const keyIds = await deleteProjectKeys(tx, id)
    await tx.query('DELETE FROM projects WHERE id = $1', [id])
    return keyIds
  })
}
