import type { Profile } from '../../../contract/accounts'
import type { Queryable } from '../../db/index'
import { iso } from '../../db/time'

/** An account as the account calls need it; `email` is null for a host sign-in account (it has no log-in e-mail). */
export interface Account {
  id: string
  name: string
  email: string | null
  externalEmail: string | null
  passwordHash: string | null
  emailVerified: boolean
}

type AccountRow = {
  id: string
  name: string
  email: string | null
  external_email: string | null
  password_hash: string | null
  email_verified_at: Date | null
}

const account = (r: AccountRow): Account => ({
  id: r.id,
  name: r.name,
  email: r.email,
  externalEmail: r.external_email,
  passwordHash: r.password_hash,
  emailVerified: r.email_verified_at !== null,
})

const COLUMNS = 'id, name, email, external_email, password_hash, email_verified_at'

export async function findAccount(q: Queryable, userId: string): Promise<Account | undefined> {
  const [row] = await q.query<AccountRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [userId])
  return row && account(row)
}

/**
 * The password account that signs in with `email`. A host sign-in account
 * never matches: its address is in external_email, which no password flow
 * reads, so nobody can give it a password through a reset.
 */
export async function findPasswordAccount(q: Queryable, email: string): Promise<Account | undefined> {
  const [row] = await q.query<AccountRow>(`SELECT ${COLUMNS} FROM users WHERE email = $1 AND password_hash IS NOT NULL`, [email])
  return row && account(row)
}

/** The account as GET /me shows it, but for what would go with it (the members resource counts that). */
export async function profile(q: Queryable, userId: string): Promise<Omit<Profile, 'projects' | 'keys'> | undefined> {
  const [row] = await q.query<AccountRow & { created_at: Date }>(`SELECT ${COLUMNS}, created_at FROM users WHERE id = $1`, [userId])
  if (!row) return undefined
  return {
    id: row.id,
    name: row.name,
    email: row.email ?? row.external_email ?? '',
    emailVerified: row.email_verified_at !== null,
    createdAt: iso(row.created_at),
    signIn: row.password_hash === null ? 'host' : 'password',
  }
}

export async function rename(q: Queryable, userId: string, name: string): Promise<void> {
  await q.query('UPDATE users SET name = $2 WHERE id = $1', [userId, name])
}

/**
 * A new password; a reset also proves the address reaches its owner. The reset codes mailed before it stop working:
 * one read by someone who has since lost the mailbox would set the password again, and end the owner's sessions.
 * Its row first, then the codes: the order a code's judging and the account's deletion take them in.
 */
export async function setPassword(q: Queryable, userId: string, passwordHash: string, { verified = false } = {}): Promise<void> {
  await q.query(
    `UPDATE users SET password_hash = $2, email_verified_at = CASE WHEN $3 THEN COALESCE(email_verified_at, now()) ELSE email_verified_at END WHERE id = $1`,
    [userId, passwordHash, verified],
  )
  await q.query(`DELETE FROM account_codes WHERE user_id = $1 AND purpose = 'reset'`, [userId])
}

export async function markVerified(q: Queryable, userId: string): Promise<void> {
  await q.query('UPDATE users SET email_verified_at = COALESCE(email_verified_at, now()) WHERE id = $1', [userId])
}

/**
 * Whether the account may do what REQUIRE_VERIFIED_EMAIL holds (create projects, keys and webhook endpoints, give
 * an endpoint a new address, roll a key or the webhook secret, send a test event or a resend): verified, or made by its provider's sign-in. That gate
 * keeps sign-ups anyone may make from creating keys and sending requests; a host account is made only with the service
 * token, and creating claims no address, so it needs no verified one (invitations do: pending-data.ts).
 */
export async function mayCreate(q: Queryable, userId: string): Promise<boolean> {
  const [row] = await q.query<{ ok: boolean }>('SELECT (email_verified_at IS NOT NULL OR external_id IS NOT NULL) AS ok FROM users WHERE id = $1', [userId])
  return row?.ok ?? false
}

/**
 * Deletes the account's single-use sign-in codes (host sign-in) ahead of its row: an exchange under way holds its
 * code's row, then the user's row for the session it makes; the account's deletion, which holds the user's row,
 * then waited for that code's row in the cascade, and PostgreSQL ended one of the two as a deadlock. Taken first,
 * the code's row makes the deletion wait for the exchange, whose session it then ends.
 */
export async function deleteSignInCodes(q: Queryable, userId: string): Promise<void> {
  await q.query('DELETE FROM session_codes WHERE user_id = $1', [userId])
}

/** Removes the account; its projects, keys, tokens and codes go with it (ON DELETE CASCADE). */
export async function deleteAccount(q: Queryable, userId: string): Promise<void> {
  await q.query('DELETE FROM users WHERE id = $1', [userId])
}
