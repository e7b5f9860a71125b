import { randomBytes } from 'node:crypto'
import type { Queryable } from '../../db/index'
import { decrypt, encrypt } from '../../security/encryption'

/**
 * A project's signing secret in the Standard Webhooks format: whsec_ and the
 * standard base64 of 32 random bytes (the format asks for 24 to 64).
 */
export const newSigningSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`

/** Stores a new project's secret, encrypted under `key` (the project's id binds the ciphertext to its row). */
export async function storeSigningSecret(q: Queryable, key: Buffer, projectId: string, secret: string): Promise<void> {
  await q.query(
    `INSERT INTO webhook_secrets (project_id, secret_enc) VALUES ($1, $2)
     ON CONFLICT (project_id) DO UPDATE SET secret_enc = EXCLUDED.secret_enc, previous_enc = NULL, previous_until = NULL, updated_at = clock_timestamp()`,
    [projectId, encrypt(key, secret, projectId)],
  )
}

/**
 * Replaces the secret; the old one keeps signing beside it until `until`
 * (a project without a secret yet, created before webhooks, just gets one).
 */
export async function rollSigningSecret(q: Queryable, key: Buffer, projectId: string, until: Date, now: Date): Promise<string> {
  const secret = newSigningSecret()
  const keepOld = until.getTime() > now.getTime()
  await q.query(
    `INSERT INTO webhook_secrets (project_id, secret_enc) VALUES ($1, $2)
     ON CONFLICT (project_id) DO UPDATE SET
       previous_enc = CASE WHEN $3 THEN webhook_secrets.secret_enc END,
       previous_until = CASE WHEN $3 THEN $4::timestamptz END,
       secret_enc = EXCLUDED.secret_enc,
       updated_at = clock_timestamp()`,
    [projectId, encrypt(key, secret, projectId), keepOld, until],
  )
  return secret
}

export async function hasSigningSecret(q: Queryable, projectId: string): Promise<boolean> {
  return (await q.query('SELECT 1 FROM webhook_secrets WHERE project_id = $1', [projectId])).length > 0
}

export interface StoredSecrets {
  secret_enc: string | null
  previous_enc: string | null
  previous_until: Date | null
}

// Decrypted secrets by key and ciphertext: the worker signs many deliveries of
// one project in a row. A rolled secret is a new ciphertext, so nothing here
// can outlive a roll; the bound keeps a server with many projects from growing it.
const opened = new WeakMap<Buffer, Map<string, string>>()
function open(key: Buffer, stored: string, projectId: string): string {
  let memo = opened.get(key)
  if (!memo) opened.set(key, (memo = new Map()))
  const at = `${projectId}\n${stored}`
  let secret = memo.get(at)
  if (secret === undefined) {
    secret = decrypt(key, stored, projectId)
    if (memo.size >= 1000) memo.clear()
    memo.set(at, secret)
  }
  return secret
}

/**
 * The secrets deliveries are signed with now, from the project's stored row
 * (read with the delivery it signs): the current one, and the old one during a
 * roll's grace period. None when the project has no secret yet.
 */
export function signingSecrets(key: Buffer, row: StoredSecrets, projectId: string, now: Date): string[] {
  if (!row.secret_enc) return []
  const secrets = [open(key, row.secret_enc, projectId)]
  if (row.previous_enc && row.previous_until && row.previous_until.getTime() > now.getTime()) secrets.push(open(key, row.previous_enc, projectId))
  return secrets
}
