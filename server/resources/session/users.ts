import type { Queryable } from '../../db/index'

export interface User {
  id: string
  name: string
  email: string
}

/** Inserts the user, or resolves undefined when the e-mail is taken (atomic under races). */
export async function insertUser(q: Queryable, user: User & { passwordHash: string }): Promise<User | undefined> {
  const [row] = await q.query<{ id: string; name: string; email: string }>(
    `INSERT INTO users (id, email, name, password_hash) VALUES ($1, $2, $3, $4)
     ON CONFLICT (email) DO NOTHING
     RETURNING id, name, email`,
    [user.id, user.email, user.name, user.passwordHash],
  )
  return row
}

export async function findUserByEmail(q: Queryable, email: string): Promise<(User & { passwordHash: string }) | undefined> {
  const [row] = await q.query<{ id: string; name: string; email: string; password_hash: string }>(
    'SELECT id, name, email, password_hash FROM users WHERE email = $1',
    [email],
  )
  return row && { id: row.id, name: row.name, email: row.email, passwordHash: row.password_hash }
}

/**
 * Whether the account still has the password hash a check was made against, with its row locked until the
 * transaction ends (`lock`: 'UPDATE' to change it, 'SHARE' to act on it). A password is checked before the
 * transaction that acts on it (scrypt takes tens of milliseconds): a reset or a change that lands meanwhile
 * makes that check stale, and what it allowed must not happen.
 */
export async function holdsPassword(q: Queryable, userId: string, passwordHash: string, lock: 'UPDATE' | 'SHARE'): Promise<boolean> {
  const rows = await q.query(`SELECT 1 FROM users WHERE id = $1 AND password_hash = $2 FOR ${lock}`, [userId, passwordHash])
  return rows.length > 0
}

/**
 * Replaces the password hash with `fresh` (the same password at the current cost), unless it is no longer
 * `stored`: a reset or a change that landed since is kept. Outside the log-in's transaction, whose row lock
 * is shared: two log-ins of one account, each upgrading the lock to write, would deadlock.
 */
export async function rehashPassword(q: Queryable, userId: string, stored: string, fresh: string): Promise<void> {
  await q.query('UPDATE users SET password_hash = $3 WHERE id = $1 AND password_hash = $2', [userId, stored, fresh])
}
