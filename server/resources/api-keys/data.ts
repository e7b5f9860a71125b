import type { z } from 'zod'
import type { KeyFields } from '../../../contract/requests'
import type { KeyEntry, KeyMap } from '../../../contract/responses'
import type { Database, Queryable } from '../../db/index'
import { iso } from '../../db/time'
import { allows, authorize, type Role } from '../../security/authorization'
import { audit } from '../../security/audit-log'
import { maskApiKey, newApiKey, testPrefix } from './key'
import { broadKeyRefused, inKeyIps, inKeyOrder, restrictionsChanged, type RestrictionChange, type Restrictions } from './restrictions'
import { badRequest } from '../../http/errors'
import { KEYS } from './errors'

/**
 * All SQL of the api_keys table. A key belongs to a project, so these calls
 * ask what the caller's role allows (security/authorization.ts: 404 for a
 * non-member, 403 below developer) and record the change in the audit log; projects use
 * insertKey and listKeys, verification findKeyByHash and touchKey (index.ts).
 */

type KeyRow = {
  id: string
  created_by: string | null
  name: string
  prefix: string
  last4: string
  created_at: Date
  last_used_at: Date | null
  expires_at: Date | null
  rolled_at: Date | null
  replaced_by: string | null
  scopes: string[] | null
  allowed_ips: string[]
  mode: Restrictions['mode']
}

const KEY_COLUMNS = 'id, created_by, name, prefix, last4, created_at, last_used_at, expires_at, rolled_at, replaced_by, scopes, allowed_ips, mode'
const restrictionsOf = (r: KeyRow): Restrictions => ({ scopes: r.scopes, allowedIps: r.allowed_ips, mode: r.mode })

const entry = (r: KeyRow): KeyEntry => ({
  id: r.id,
  name: r.name,
  maskedKey: maskApiKey(r.prefix, r.last4),
  createdAt: iso(r.created_at),
  lastUsedAt: r.last_used_at ? iso(r.last_used_at) : null,
  expiresAt: r.expires_at ? iso(r.expires_at) : null,
  rolledAt: r.rolled_at ? iso(r.rolled_at) : null,
  replacedBy: r.replaced_by,
  ...restrictionsOf(r),
})

/** A project's keys in creation order (the caller has checked the owner). */
export async function listKeys(q: Queryable, projectId: string): Promise<KeyEntry[]> {
  const rows = await q.query<KeyRow>(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE project_id = $1 ORDER BY seq`, [projectId])
  return rows.map(entry)
}

/**
 * A key's name and expiry as the contract's KeyFields schema reads them (the
 * route has checked that an expiry lies ahead); a missing name is "Default
 * key" for a project's first key, "Key N" after.
 */
export type KeyOptions = z.output<typeof KeyFields>

export type Missing = 'project-not-found' | 'key-not-found'
export type KeyResult<T> = { ok: true; value: T } | { ok: false; reason: Missing | 'expired' | 'rolled' | 'limit' }

/** A new key's name and expiry, the prefix it is issued with (API_KEY_PREFIX; default fxk; a test key's has `_test`) and its restrictions (default: live, every scope, anywhere). */
export type NewKeyOptions = KeyOptions & { prefix?: string; restrictions?: Restrictions }

/**
 * Whether restrictions make a key broad (live with a write scope or every
 * scope, on a server with a catalog): only an admin or the owner may make or
 * widen one (api-keys/restricted.ts).
 */
export type BroadRule = (r: Restrictions) => boolean
const NEVER_BROAD: BroadRule = () => false

/** Refuses a broad key to a role below admin (403 naming the role). */
function mayHold(role: Role, r: Restrictions, broad: BroadRule): void {
  if (broad(r) && !allows(role, 'keys.broad')) throw broadKeyRefused()
}

/**
 * Who made a new key and who sees its whole text in the answer (a roll's
 * replacement keeps its predecessor's creator): a member's removal ends the
 * keys they saw (resources/members/removal.ts).
 */
export interface KeyMakers {
  createdBy: string | null
  seenBy: string
}

export async function insertKey(q: Queryable, projectId: string, by: KeyMakers, opts: NewKeyOptions = {}): Promise<KeyMap> {
  const { scopes = null, allowedIps = [], mode = 'live' } = opts.restrictions ?? {}
  const key = newApiKey(mode === 'test' ? testPrefix(opts.prefix) : opts.prefix)
  await q.query(
    `INSERT INTO api_keys (id, project_id, key_hash, prefix, last4, name, expires_at, created_by, seen_by, scopes, allowed_ips, mode)
     VALUES ($1, $2, $3, $4, $5, COALESCE($6, (SELECT CASE WHEN count(*) = 0 THEN 'Default key' ELSE 'Key ' || (count(*) + 1) END
                                            FROM api_keys WHERE project_id = $2)), $7, $8, $9, $10, $11, $12)`,
    [key.id, projectId, key.hash, key.prefix, key.last4, opts.name ?? null, opts.expiresAt ?? null, by.createdBy, by.seenBy, scopes, allowedIps, mode],
  )
  return { [key.id]: key.key }
}

export type CreateKeyResult = { ok: true; apiKey: KeyMap } | { ok: false; reason: 'project-not-found' | 'limit' }

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
  opts: NewKeyOptions = {},
  now = new Date(),
  broad: BroadRule = NEVER_BROAD,
): Promise<CreateKeyResult> {
  return db.transaction(async (tx): Promise<CreateKeyResult> => {
    const role = await authorize(tx, ownerId, projectId, 'keys.write', { lock: true })
    const restrictions: Restrictions = opts.restrictions ?? { mode: 'live', scopes: null, allowedIps: [] }
    mayHold(role, restrictions, broad)
    if ((await liveKeys(tx, projectId, now)) >= limit) return { ok: false, reason: 'limit' }
    const apiKey = await insertKey(tx, projectId, { createdBy: ownerId, seenBy: ownerId }, { ...opts, restrictions })
    const [id] = Object.keys(apiKey)
    const [{ name }] = await tx.query<{ name: string }>('SELECT name FROM api_keys WHERE id = $1', [id])
    await audit(tx, projectId, ownerId, 'key.created', id, { name, ...restrictionsChanged(undefined, restrictions) })
    return { ok: true, apiKey }
  })
}

export async function deleteKey(db: Database, ownerId: string, projectId: string, keyId: string): Promise<'deleted' | Missing> {
  return db.transaction(async (tx) => {
    // Locked as every other change to keys: a deletion that waited for a removal of its caller is refused.
    await authorize(tx, ownerId, projectId, 'keys.write', { lock: true })
    const [deleted] = await tx.query<{ id: string; name: string }>('DELETE FROM api_keys WHERE id = $1 AND project_id = $2 RETURNING id, name', [
      keyId,
      projectId,
    ])
    if (!deleted) return 'key-not-found'
    await audit(tx, projectId, ownerId, 'key.deleted', keyId, { name: deleted.name })
    return 'deleted'
  })
}

/**
 * Locks the project (for a developer or above) and the key (FOR UPDATE), so an edit, a roll and
 * a key creation on the same project take turns.
 */
async function lockKey(tx: Queryable, ownerId: string, projectId: string, keyId: string): Promise<{ key: KeyRow; role: Role } | Missing> {
  const role = await authorize(tx, ownerId, projectId, 'keys.write', { lock: true })
  const [key] = await tx.query<KeyRow>(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE id = $1 AND project_id = $2 FOR UPDATE`, [keyId, projectId])
  return key ? { key, role } : 'key-not-found'
}

/** Keys of the project that still work at `now` (expired ones stay listed but take no place). */
async function liveKeys(q: Queryable, projectId: string, now: Date): Promise<number> {
  const [{ n }] = await q.query<{ n: number }>(
    'SELECT count(*)::integer AS n FROM api_keys WHERE project_id = $1 AND (expires_at IS NULL OR expires_at > $2)',
    [projectId, now],
  )
  return n
}

/**
 * Renames a key or changes its expiry. An expired key can be renamed but not
 * brought back: that would let a project exceed its key limit. A rolled-away
 * key's expiry can only move earlier: its replacement already holds a place,
 * and a leaked key that was rolled must not come back for good.
 */
export async function updateKey(
  db: Database,
  ownerId: string,
  projectId: string,
  keyId: string,
  change: KeyOptions & RestrictionChange,
  now: Date,
  broad: BroadRule = NEVER_BROAD,
): Promise<KeyResult<KeyEntry>> {
  return db.transaction(async (tx): Promise<KeyResult<KeyEntry>> => {
    const locked = await lockKey(tx, ownerId, projectId, keyId)
    if (typeof locked === 'string') return { ok: false, reason: locked }
    const { key, role } = locked
    const before = restrictionsOf(key)
    // A scope the catalog has dropped may be kept (the widget shows it checked until unchecked), never added.
    const added = change.dropped?.find((name) => !before.scopes?.includes(name))
    if (added !== undefined) throw badRequest(KEYS.SCOPE_UNKNOWN(added))
    const after: Restrictions = {
      ...before,
      ...(change.scopes !== undefined ? { scopes: inKeyOrder(change.scopes, change.dropped, before.scopes) } : {}),
      ...(change.allowedIps ? { allowedIps: inKeyIps(change.allowedIps, before.allowedIps) } : {}),
    }
    const restricted = restrictionsChanged(before, after)
    // Editing restrictions follows the rule of making a key: a developer may not leave a key broad. Nor keep
    // one alive longer than it was set to live (a later expiry, or none), which is as much as making it again.
    const longer = change.expiresAt !== undefined && key.expires_at !== null && (change.expiresAt === null || change.expiresAt > key.expires_at)
    if (change.scopes !== undefined || change.allowedIps !== undefined || longer) mayHold(role, after, broad)
    if (change.expiresAt !== undefined && key.expires_at && key.expires_at <= now) return { ok: false, reason: 'expired' }
    if (change.expiresAt !== undefined && key.rolled_at && (change.expiresAt === null || (key.expires_at && change.expiresAt > key.expires_at))) {
      return { ok: false, reason: 'rolled' }
    }
    const [row] = await tx.query<KeyRow>(
      `UPDATE api_keys SET name = COALESCE($2, name), expires_at = CASE WHEN $3 THEN $4::timestamptz ELSE expires_at END,
         scopes = $5, allowed_ips = $6
       WHERE id = $1 RETURNING ${KEY_COLUMNS}`,
      [keyId, change.name ?? null, change.expiresAt !== undefined, change.expiresAt ?? null, after.scopes, after.allowedIps],
    )
    if (Object.keys(restricted).length) await audit(tx, projectId, ownerId, 'key.restricted', keyId, restricted)
    if (change.name !== undefined && change.name !== key.name) await audit(tx, projectId, ownerId, 'key.renamed', keyId, { from: key.name, to: change.name })
    if (change.expiresAt !== undefined) await audit(tx, projectId, ownerId, 'key.changed', keyId, { expiresAt: change.expiresAt?.toISOString() ?? null })
    return { ok: true, value: entry(row) }
  })
}

/**
 * Replaces a key: a new one with the same name, while the old one keeps
 * working until `until` (never later than an expiry it already had). A roll
 * never leaves more than `limit` live keys: the old key and its replacement
 * both live through the grace period, so that needs a free place; at the
 * limit only a roll that ends the old key now (`until` = `now`) is allowed,
 * and a project at its limit can still replace a leaked key. A key already
 * rolled away cannot be rolled again (its replacement can).
 */
export async function rollKey(
  db: Database,
  ownerId: string,
  projectId: string,
  keyId: string,
  limit: number,
  until: Date,
  now: Date,
  prefix?: string,
  broad: BroadRule = NEVER_BROAD,
): Promise<KeyResult<KeyMap>> {
  return db.transaction(async (tx): Promise<KeyResult<KeyMap>> => {
    const locked = await lockKey(tx, ownerId, projectId, keyId)
    if (typeof locked === 'string') return { ok: false, reason: locked }
    const { key, role } = locked
    // The replacement is a new key's text with the old one's restrictions: whoever rolls sees it, so the rule of making one holds.
    mayHold(role, restrictionsOf(key), broad)
    if (key.expires_at && key.expires_at <= now) return { ok: false, reason: 'expired' }
    if (key.rolled_at) return { ok: false, reason: 'rolled' }
    if (until > now && (await liveKeys(tx, projectId, now)) >= limit) return { ok: false, reason: 'limit' }
    const created = await insertKey(
      tx,
      projectId,
      { createdBy: key.created_by, seenBy: ownerId },
      { name: key.name, prefix, restrictions: restrictionsOf(key) },
    )
    await tx.query('UPDATE api_keys SET expires_at = LEAST(expires_at, $2), rolled_at = $3, replaced_by = $4 WHERE id = $1', [
      keyId,
      until,
      now,
      Object.keys(created)[0],
    ])
    await audit(tx, projectId, ownerId, 'key.rolled', keyId, { name: key.name, replacedBy: Object.keys(created)[0], graceUntil: until.toISOString() })
    return { ok: true, value: created }
  })
}

/** Deletes a project's keys (the caller holds the project's lock and has checked its owner); answers their ids. */
export async function deleteProjectKeys(tx: Queryable, projectId: string): Promise<string[]> {
  const rows = await tx.query<{ id: string }>('DELETE FROM api_keys WHERE project_id = $1 RETURNING id', [projectId])
  return rows.map((r) => r.id)
}

/** What verification needs to know about a key, found by the hash of the key. */
export interface VerifiedKey extends Restrictions {
  keyId: string
  projectId: string
  name: string
  expiresAt: number | null
  lastUsedAt: number | null
}

export async function findKeyByHash(q: Queryable, hash: string): Promise<VerifiedKey | undefined> {
  const [row] = await q.query<Pick<KeyRow, 'id' | 'name' | 'expires_at' | 'last_used_at' | 'scopes' | 'allowed_ips' | 'mode'> & { project_id: string }>(
    'SELECT id, project_id, name, expires_at, last_used_at, scopes, allowed_ips, mode FROM api_keys WHERE key_hash = $1',
    [hash],
  )
  if (!row) return undefined
  return {
    keyId: row.id,
    projectId: row.project_id,
    name: row.name,
    expiresAt: row.expires_at ? row.expires_at.getTime() : null,
    lastUsedAt: row.last_used_at ? row.last_used_at.getTime() : null,
    scopes: row.scopes,
    allowedIps: row.allowed_ips,
    mode: row.mode,
  }
}

/** Records a use; never moves lastUsedAt backwards (instances write in any order). */
export async function touchKey(q: Queryable, keyId: string, at: Date): Promise<void> {
  await q.query('UPDATE api_keys SET last_used_at = GREATEST(last_used_at, $2) WHERE id = $1', [keyId, at])
}
