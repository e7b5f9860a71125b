import type { KeyEntry, KeyMap } from '../../../contract/responses'
import type { Database, Queryable } from '../../db/index'
import { maskApiKey } from './key'
import { insertKey } from '../projects/data'
import { iso } from '../../db/time'

/** NOTIFY channel: the payload is the id of a key that was deleted, rolled or edited. */
export const KEY_CHANNEL = 'flex_api_keys'

type KeyRow = { id: string; name: string; last4: string; created_at: Date; last_used_at: Date | null; expires_at: Date | null }

const KEY_COLUMNS = 'id, name, last4, created_at, last_used_at, expires_at'

const entry = (r: KeyRow): KeyEntry => ({
  id: r.id,
  name: r.name,
  maskedKey: maskApiKey(r.last4),
  createdAt: iso(r.created_at),
  lastUsedAt: r.last_used_at ? iso(r.last_used_at) : null,
  expiresAt: r.expires_at ? iso(r.expires_at) : null,
})

/** A project's keys in creation order (the caller has checked the owner). */
export async function listKeys(q: Queryable, projectId: string): Promise<KeyEntry[]> {
  const rows = await q.query<KeyRow>(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE project_id = $1 ORDER BY seq`, [projectId])
  return rows.map(entry)
}

export type KeyChange = { name?: string; expiresAt?: Date | null }
export type KeyResult<T> = { ok: true; value: T } | { ok: false; reason: 'project-not-found' | 'key-not-found' | 'expired' }

/**
 * Locks the owner's project and the key (FOR UPDATE), so an edit, a roll and
 * a key creation on the same project take turns.
 */
async function lockKey(tx: Queryable, ownerId: string, projectId: string, keyId: string) {
  const [project] = await tx.query('SELECT id FROM projects WHERE id = $1 AND owner_id = $2 FOR UPDATE', [projectId, ownerId])
  if (!project) return 'project-not-found' as const
  const [key] = await tx.query<KeyRow>(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE id = $1 AND project_id = $2 FOR UPDATE`, [keyId, projectId])
  return key ?? ('key-not-found' as const)
}

/**
 * Renames a key or changes its expiry. An expired key can be renamed but not
 * brought back: that would let a project exceed its key limit.
 */
export async function updateKey(db: Database, ownerId: string, projectId: string, keyId: string, change: KeyChange, now: Date): Promise<KeyResult<KeyEntry>> {
  return db.transaction(async (tx): Promise<KeyResult<KeyEntry>> => {
    const key = await lockKey(tx, ownerId, projectId, keyId)
    if (typeof key === 'string') return { ok: false, reason: key }
    if (change.expiresAt !== undefined && key.expires_at && key.expires_at <= now) return { ok: false, reason: 'expired' }
    const [row] = await tx.query<KeyRow>(
      `UPDATE api_keys SET name = COALESCE($2, name), expires_at = CASE WHEN $3 THEN $4::timestamptz ELSE expires_at END
       WHERE id = $1 RETURNING ${KEY_COLUMNS}`,
      [keyId, change.name ?? null, change.expiresAt !== undefined, change.expiresAt ?? null],
    )
    await tx.query(`SELECT pg_notify('${KEY_CHANNEL}', $1)`, [keyId])
    return { ok: true, value: entry(row) }
  })
}

/**
 * Replaces a key: a new one with the same name, while the old one keeps
 * working until `until` (never later than an expiry it already had). No limit
 * check: a project at its limit must still be able to roll a leaked key.
 */
export async function rollKey(db: Database, ownerId: string, projectId: string, keyId: string, until: Date, now: Date): Promise<KeyResult<KeyMap>> {
  return db.transaction(async (tx): Promise<KeyResult<KeyMap>> => {
    const key = await lockKey(tx, ownerId, projectId, keyId)
    if (typeof key === 'string') return { ok: false, reason: key }
    if (key.expires_at && key.expires_at <= now) return { ok: false, reason: 'expired' }
    const created = await insertKey(tx, projectId, { name: key.name })
    await tx.query('UPDATE api_keys SET expires_at = LEAST(expires_at, $2) WHERE id = $1', [keyId, until])
    await tx.query(`SELECT pg_notify('${KEY_CHANNEL}', $1)`, [keyId])
    return { ok: true, value: created }
  })
}

/** What verification needs to know about a key, found by the hash of the key. */
export interface VerifiedKey {
  keyId: string
  projectId: string
  name: string
  expiresAt: number | null
  lastUsedAt: number | null
}

export async function findKeyByHash(q: Queryable, hash: string): Promise<VerifiedKey | undefined> {
  const [row] = await q.query<{ id: string; project_id: string; name: string; expires_at: Date | null; last_used_at: Date | null }>(
    'SELECT id, project_id, name, expires_at, last_used_at FROM api_keys WHERE key_hash = $1',
    [hash],
  )
  if (!row) return undefined
  return {
    keyId: row.id,
    projectId: row.project_id,
    name: row.name,
    expiresAt: row.expires_at ? row.expires_at.getTime() : null,
    lastUsedAt: row.last_used_at ? row.last_used_at.getTime() : null,
  }
}

/** Records a use; never moves lastUsedAt backwards (instances write in any order). */
export async function touchKey(q: Queryable, keyId: string, at: Date): Promise<void> {
  await q.query('UPDATE api_keys SET last_used_at = GREATEST(last_used_at, $2) WHERE id = $1', [keyId, at])
}
