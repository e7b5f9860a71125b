import type { CreatedProject, KeyMap, Project, ProjectSummary } from '../../../contract/responses'
import type { Database, Queryable } from '../../db/index'
import { newApiKey, newWebhookSecret } from '../api-keys/key'
import { randomId } from '../../security/random'
import { KEY_CHANNEL, listKeys } from '../api-keys/data'
import { iso } from '../../db/time'

type ProjectRow = { id: string; name: string; description: string; status: string; created_at: Date }

const COLUMNS = 'id, name, description, status, created_at'

const summary = (r: ProjectRow): ProjectSummary => ({
  id: r.id,
  name: r.name,
  description: r.description,
  createDate: iso(r.created_at),
  status: r.status,
})

/** What a new key may be given; a missing name is "Default key" for a project's first key, "Key N" after. */
export interface KeyOptions {
  name?: string
  expiresAt?: Date | null
}

export async function insertKey(q: Queryable, projectId: string, opts: KeyOptions = {}): Promise<KeyMap> {
  const key = newApiKey()
  await q.query(
    `INSERT INTO api_keys (id, project_id, key_hash, last4, name, expires_at)
     VALUES ($1, $2, $3, $4, COALESCE($5, (SELECT CASE WHEN count(*) = 0 THEN 'Default key' ELSE 'Key ' || (count(*) + 1) END
                                            FROM api_keys WHERE project_id = $2)), $6)`,
    [key.id, projectId, key.hash, key.last4, opts.name ?? null, opts.expiresAt ?? null],
  )
  return { [key.id]: key.key }
}

/**
 * A project with its first key pair, both or neither; undefined when the
 * owner already holds `limit` projects. The owner's row is locked for the
 * count and the insert, so parallel requests cannot overshoot the limit.
 */
export async function createProject(db: Database, ownerId: string, name: string, description: string, limit = Infinity): Promise<CreatedProject | undefined> {
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

export type CreateKeyResult = { ok: true; apiKey: KeyMap } | { ok: false; reason: 'not-found' | 'limit' }

/**
 * Adds a key pair unless the project already holds `limit`. The project row is
 * locked (FOR UPDATE) for the count and the insert, so parallel requests on
 * parallel connections take turns and the limit cannot be overshot.
 */
export async function createKey(
  db: Database,
  ownerId: string,
  projectId: string,
  limit: number,
  opts: KeyOptions = {},
  now = new Date(),
): Promise<CreateKeyResult> {
  return db.transaction(async (tx): Promise<CreateKeyResult> => {
    const [project] = await tx.query('SELECT id FROM projects WHERE id = $1 AND owner_id = $2 FOR UPDATE', [projectId, ownerId])
    if (!project) return { ok: false, reason: 'not-found' }
    // Expired keys stay listed until deleted, but no longer take a place.
    const [{ n }] = await tx.query<{ n: number }>(
      'SELECT count(*)::integer AS n FROM api_keys WHERE project_id = $1 AND (expires_at IS NULL OR expires_at > $2)',
      [projectId, now],
    )
    if (n >= limit) return { ok: false, reason: 'limit' }
    return { ok: true, apiKey: await insertKey(tx, projectId, opts) }
  })
}

export type DeleteKeyResult = 'deleted' | 'project-not-found' | 'key-not-found'

export async function deleteKey(db: Database, ownerId: string, projectId: string, keyId: string): Promise<DeleteKeyResult> {
  // The NOTIFY (sent at commit) tells every instance to forget the key.
  const [deleted] = await db.query<{ id: string }>(
    `WITH d AS (
       DELETE FROM api_keys k USING projects p
       WHERE k.id = $1 AND k.project_id = $2 AND p.id = k.project_id AND p.owner_id = $3
       RETURNING k.id)
     SELECT d.id, pg_notify('${KEY_CHANNEL}', d.id) FROM d`,
    [keyId, projectId, ownerId],
  )
  if (deleted) return 'deleted'
  const [project] = await db.query('SELECT 1 FROM projects WHERE id = $1 AND owner_id = $2', [projectId, ownerId])
  return project ? 'key-not-found' : 'project-not-found'
}
