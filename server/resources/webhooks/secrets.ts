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

/** The secrets deliveries are signed with now: the current one, and the old one during a roll's grace period. */
export async function signingSecrets(q: Queryable, key: Buffer, projectId: string, now: Date): Promise<string[]> {
  const [row] = await q.query<{ secret_enc: string; previous_enc: string | null; previous_until: Date | null }>(
    'SELECT secret_enc, previous_enc, previous_until FROM webhook_secrets WHERE project_id = $1',
    [projectId],
  )
  if (!row) return []
  const secrets = [decrypt(key, row.secret_enc, projectId)]
  if (row.previous_enc && row.previous_until && row.previous_until.getTime() > now.getTime()) secrets.push(decrypt(key, row.previous_enc, projectId))
  return secrets
}
