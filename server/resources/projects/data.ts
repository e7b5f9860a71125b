import type { CreatedProject, Project, ProjectSummary } from '../../../contract/responses'
import type { Database, Queryable } from '../../db/index'
import { iso } from '../../db/time'
import { randomId } from '../../security/random'
import { insertKey, listKeys } from '../api-keys'
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
    const apiKey = await insertKey(tx, row.id)
    // Encrypted, not only hashed: deliveries are signed with it.
    await storeSigningSecret(tx, secretKey, row.id, webhook.secret)
    return { ...summary(row), apiKey, webhookSecret: webhook.secret }
  })
}

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
