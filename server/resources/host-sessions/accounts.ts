import type { Queryable } from '../../db/index'
import { randomId } from '../../security/random'

export interface HostAccount {
  id: string
  name: string
  email: string
}

/**
 * The account of `externalId`, made on first use; later calls update the
 * name and e-mail they give. Found by external_id only: the e-mail is kept in
 * external_email, where no password log-in or sign-up looks (004_host_sessions.sql).
 */
export async function upsertHostAccount(q: Queryable, input: { externalId: string; email?: string; name?: string }): Promise<HostAccount> {
  const [row] = await q.query<{ id: string; name: string; external_email: string | null }>(
    `INSERT INTO users (id, external_id, external_email, name) VALUES ($1, $2, $3, $4)
     ON CONFLICT (external_id) DO UPDATE
       SET name = COALESCE($5, users.name), external_email = COALESCE($3, users.external_email)
     RETURNING id, name, external_email`,
    [randomId('usr_'), input.externalId, input.email ?? null, input.name ?? input.email ?? input.externalId, input.name ?? null],
  )
  return { id: row.id, name: row.name, email: row.external_email ?? '' }
}

export async function findHostAccount(q: Queryable, userId: string): Promise<HostAccount | undefined> {
  const [row] = await q.query<{ id: string; name: string; external_email: string | null }>(
    'SELECT id, name, external_email FROM users WHERE id = $1 AND external_id IS NOT NULL',
    [userId],
  )
  return row && { id: row.id, name: row.name, email: row.external_email ?? '' }
}
