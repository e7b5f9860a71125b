import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { CODE_DIGITS } from '../../../contract/accounts'
import type { Queryable } from '../../db/index'

export type CodePurpose = 'reset' | 'verify'

/** Wrong codes after which a code is burned. */
export const MAX_TRIES = 5

const digest = (salt: string, code: string) => createHash('sha256').update(`${salt}$${code}`).digest('hex')

/**
 * A new code for `userId` and `purpose`, from the cryptographic generator,
 * replacing any earlier one (and its count of wrong tries). Stored salted and
 * hashed; the expiry comes from the app's clock, so tests pass it without waiting.
 */
export async function issueCode(q: Queryable, userId: string, purpose: CodePurpose, now: number, ttlSeconds: number): Promise<string> {
  const code = String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0')
  const salt = randomBytes(16).toString('hex')
  await q.query(
    `INSERT INTO account_codes (user_id, purpose, code_hash, tries, expires_at) VALUES ($1, $2, $3, 0, $4)
     ON CONFLICT (user_id, purpose) DO UPDATE SET code_hash = excluded.code_hash, tries = 0, expires_at = excluded.expires_at, created_at = now()`,
    [userId, purpose, `${salt}$${digest(salt, code)}`, new Date(now + ttlSeconds * 1000)],
  )
  return code
}

/**
 * Checks `code` under a row lock, so parallel tries are counted one by one.
 * A right code is used up; a wrong one counts a try, and the fifth burns the
 * code; an expired one is dropped. Call it inside a transaction, and commit
 * whatever it answers: a wrong try must stay counted.
 */
export async function useCode(tx: Queryable, userId: string, purpose: CodePurpose, code: string, now: number): Promise<boolean> {
  const [row] = await tx.query<{ code_hash: string; tries: number; expires_at: Date }>(
    'SELECT code_hash, tries, expires_at FROM account_codes WHERE user_id = $1 AND purpose = $2 FOR UPDATE',
    [userId, purpose],
  )
  if (!row) return false
  const drop = () => tx.query('DELETE FROM account_codes WHERE user_id = $1 AND purpose = $2', [userId, purpose])
  if (new Date(row.expires_at).getTime() <= now) {
    await drop()
    return false
  }
  const [salt, stored] = row.code_hash.split('$')
  const right = timingSafeEqual(Buffer.from(digest(salt, code), 'hex'), Buffer.from(stored, 'hex'))
  if (right || row.tries + 1 >= MAX_TRIES) await drop()
  else await tx.query('UPDATE account_codes SET tries = tries + 1 WHERE user_id = $1 AND purpose = $2', [userId, purpose])
  return right
}

/** Drops expired codes, a bounded batch at a time, on the routes that make them (no timer needed). */
export async function pruneExpiredCodes(q: Queryable, now: number, batch = 200): Promise<void> {
  await q.query('DELETE FROM account_codes WHERE (user_id, purpose) IN (SELECT user_id, purpose FROM account_codes WHERE expires_at < $1 LIMIT $2)', [
    new Date(now),
    batch,
  ])
}
