import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { CODE_DIGITS } from '../../../contract/constants'
import type { Database, Queryable } from '../../db/index'
import type { PruneJob } from '../../db/retention'
import type { RouteDeps } from '../../http/route-deps'
import { refundTry, spendTry, type CodePurpose, type Refusal } from './code-budget'

export type { CodePurpose } from './code-budget'

/**
 * Wrong codes after which a code is burned. Tries count against the code they
 * are judged against, and a reset code is judged only against tries from the
 * device that asked for it, so nobody else's tries burn it.
 */
export const MAX_TRIES = 5

const digest = (salt: string, code: string) => createHash('sha256').update(`${salt}$${code}`).digest('hex')

// What a code is compared with when there is none: a hash of no code at all, so the work is the same.
const NO_CODE = (() => {
  const salt = randomBytes(16).toString('hex')
  return `${salt}$${digest(salt, randomBytes(16).toString('hex'))}`
})()
/** No account has this id: a reset for an address without one checks its code against nobody's row. */
const NOBODY = ''

/**
 * A new code for `userId` and `purpose`, from the cryptographic generator,
 * replacing any earlier one of `deviceId` (and its count of wrong tries): a
 * reset code belongs to the device that asked for it; a verification code to
 * the account (device ''). Stored salted and hashed; the expiry comes from the
 * app's clock, so tests pass it without waiting.
 */
export async function issueCode(q: Queryable, code: CodeOf, now: number, ttlSeconds: number): Promise<string> {
  const { userId, purpose, deviceId } = code
  const digits = String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0')
  const salt = randomBytes(16).toString('hex')
  await q.query(
    `INSERT INTO account_codes (user_id, purpose, device_id, code_hash, tries, expires_at) VALUES ($1, $2, $3, $4, 0, $5)
     ON CONFLICT (user_id, purpose, device_id) DO UPDATE SET code_hash = excluded.code_hash, tries = 0, expires_at = excluded.expires_at, created_at = now()`,
    [userId, purpose, deviceId, `${salt}$${digest(salt, digits)}`, new Date(now + ttlSeconds * 1000)],
  )
  return digits
}

/**
 * Checks `code` under a row lock, so parallel tries are counted one by one.
 * A right code is used up; a wrong one counts a try, and the fifth burns the
 * code; an expired one is dropped. Without a code (or an account) it runs the
 * same statements and the same hash, matching no row. Call it inside a
 * transaction, and commit whatever it answers: a wrong try must stay counted.
 */
export async function useCode(tx: Queryable, of: CodeOf, code: string, now: number): Promise<boolean> {
  const key = [of.userId, of.purpose, of.deviceId]
  const [row] = await tx.query<{ code_hash: string; tries: number; expires_at: Date }>(
    'SELECT code_hash, tries, expires_at FROM account_codes WHERE user_id = $1 AND purpose = $2 AND device_id = $3 FOR UPDATE',
    key,
  )
  const live = row && new Date(row.expires_at).getTime() > now ? row : undefined
  const [salt, stored] = (live?.code_hash ?? NO_CODE).split('$')
  const right = timingSafeEqual(Buffer.from(digest(salt, code), 'hex'), Buffer.from(stored, 'hex')) && live !== undefined
  if (right || (row && (!live || row.tries + 1 >= MAX_TRIES)))
    await tx.query('DELETE FROM account_codes WHERE user_id = $1 AND purpose = $2 AND device_id = $3', key)
  else await tx.query('UPDATE account_codes SET tries = tries + 1 WHERE user_id = $1 AND purpose = $2 AND device_id = $3', key)
  return right
}

/** Which code: an account's, for a purpose, held by a device ('' for a verification code). */
export interface CodeOf {
  userId: string
  purpose: CodePurpose
  deviceId: string
}

export interface CodeCheck {
  /** Undefined for an address without an account: its code is checked against nobody's. */
  userId: string | undefined
  purpose: CodePurpose
  /** The device the try comes from, for a reset; '' for a verification. */
  deviceId: string
  code: string
  now: number
  /** The client address (clientIp), whose budget the try also spends. */
  ip: string
  /** The account's wrong codes (wrongCodesBucket). */
  bucket: string
  /** What a right code does, in the same transaction. */
  onRight?: (tx: Queryable) => Promise<void>
}

/**
 * Judges a code within the budgets of wrong codes (code-budget.ts), in one
 * transaction: the try is counted first, and past a budget the answer is
 * `refusal` and the code is not looked at; a right code gives its counts
 * back. An address without an account does the same work, so neither the
 * answer nor its time tells whether one uses it.
 */
export async function judgeCode(db: Database, c: CodeCheck): Promise<{ right: boolean; refusal?: Refusal }> {
  return db.transaction(async (tx) => {
    const { counted, refusal } = await spendTry(tx, c.ip, c.bucket)
    if (refusal) return { right: false, refusal }
    // The account's row before its code's, the order its deletion takes them in (its row, then the codes by
    // cascade): taken the other way, a right code marking the account verified and a deletion each waited for the
    // other (a deadlock, one of them a 500). Without an account, the same statement matches no row.
    await tx.query('SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE', [c.userId ?? NOBODY])
    const right = await useCode(tx, { userId: c.userId ?? NOBODY, purpose: c.purpose, deviceId: c.deviceId }, c.code, c.now)
    if (right) {
      await refundTry(tx, counted)
      await c.onRight?.(tx)
    }
    return { right }
  })
}

/** Drops expired codes, a bounded batch at a time; true when a whole batch went. */
export async function pruneExpiredCodes(q: Queryable, now: number, batch = 200): Promise<boolean> {
  const [{ n }] = await q.query<{ n: number }>(
    `WITH gone AS (DELETE FROM account_codes WHERE (user_id, purpose, device_id) IN (SELECT user_id, purpose, device_id FROM account_codes WHERE expires_at < $1 LIMIT $2) RETURNING 1)
     SELECT count(*)::integer AS n FROM gone`,
    [new Date(now), batch],
  )
  return n === batch
}

/** The accounts' part of the retention schedule (db/retention.ts): expired reset and verification codes. */
export const accountRetention = ({ db }: RouteDeps): PruneJob[] => [{ name: 'expired account codes', prune: (now) => pruneExpiredCodes(db, now) }]
