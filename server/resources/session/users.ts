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
