import { ProfileChange } from '../../../contract/accounts'
import type { Queryable } from '../../db/index'
import { randomId } from '../../security/random'

export interface HostAccount {
  id: string
  name: string
  email: string
}

/** The name of a new account whose provider gave none, and whose address and externalId would make no name either. */
export const NEUTRAL_NAME = 'User'

/**
 * A new account's name when the provider gives none: its address, else its externalId, each only when it passes the
 * rule a typed name does (PATCH /me: no control character, something visible, at most 120 characters), since neither
 * field is checked as a name; else NEUTRAL_NAME.
 */
function defaultName(input: { externalId: string; email?: string }): string {
  for (const candidate of [input.email, input.externalId]) {
    const checked = ProfileChange.shape.name.safeParse(candidate)
    if (checked.success) return checked.data
  }
  return NEUTRAL_NAME
}

/**
 * The account of `externalId`, made on first use; later calls update the
 * name and e-mail they give. Found by external_id only: the e-mail is kept in
 * external_email, where no password log-in or sign-up looks (004_host_sessions.sql).
 *
 * Its address counts as verified (email_verified_at: invitations to it, and
 * inviting) only while the provider says so: each call sets it when
 * `emailVerified` is true for the `email` it gives, and clears it otherwise,
 * as a provider may let its users set any address (029_host_email_verified.sql).
 */
export async function upsertHostAccount(
  q: Queryable,
  input: { externalId: string; email?: string; name?: string; emailVerified?: boolean },
  now: Date,
): Promise<HostAccount> {
  // Only the address of this same call is vouched for: true without one says nothing about the stored one.
  const verifiedAt = input.emailVerified === true && input.email !== undefined ? now : null
  const [row] = await q.query<{ id: string; name: string; external_email: string | null }>(
    `INSERT INTO users (id, external_id, external_email, name, email_verified_at) VALUES ($1, $2, $3, $4, $6::timestamptz)
     ON CONFLICT (external_id) DO UPDATE
       SET name = COALESCE($5, users.name), external_email = COALESCE($3, users.external_email),
           email_verified_at = CASE WHEN $6::timestamptz IS NULL THEN NULL
                                    WHEN users.external_email = $3 THEN COALESCE(users.email_verified_at, $6::timestamptz) ELSE $6::timestamptz END
     RETURNING id, name, external_email`,
    [randomId('usr_'), input.externalId, input.email ?? null, input.name ?? defaultName(input), input.name ?? null, verifiedAt],
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

/** The id of the account of host sign-in made for `externalId`, if any: a password account has none, and is never found. */
export async function hostAccountId(q: Queryable, externalId: string, { lock = false } = {}): Promise<string | undefined> {
  const [row] = await q.query<{ id: string }>(`SELECT id FROM users WHERE external_id = $1${lock ? ' FOR UPDATE' : ''}`, [externalId])
  return row?.id
}
