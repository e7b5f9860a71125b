import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { CODE_DIGITS } from '../../../contract/accounts'
import type { Database, Queryable } from '../../db/index'
import type { PruneJob } from '../../db/retention'
import type { RouteDeps } from '../../http/route-deps'
import { countHits, refundRateLimit } from '../../security/rate-limit'

export type CodePurpose = 'reset' | 'verify'

/** Wrong codes after which a code is burned. */
export const MAX_TRIES = 5

/**
 * Wrong codes of one purpose one account may send in WRONG_CODES_WINDOW_SECONDS,
 * over every code it is sent and from every client address. Past it, the check
 * answers 429 without looking at the code. What this leaves a guesser is in
 * server/README.md (Security): 24 hours would leave too much with 6 digits.
 */
export const WRONG_CODES = 20
export const WRONG_CODES_WINDOW_SECONDS = 30 * 24 * 60 * 60

/**
 * The bucket of one account's wrong codes of `purpose`: for a reset its log-in
 * e-mail, counted alike whether or not an account uses it (so a 429 tells
 * nothing either); for a verification the signed-in account's id.
 */
export const wrongCodesBucket = (purpose: CodePurpose, subject: string) => `wrong-codes|${purpose}|${subject}`

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
 * code; an expired one is dropped. Without a code (or an account) it runs the
 * same statements and the same hash, matching no row. Call it inside a
 * transaction, and commit whatever it answers: a wrong try must stay counted.
 */
export async function useCode(tx: Queryable, userId: string, purpose: CodePurpose, code: string, now: number): Promise<boolean> {
  const [row] = await tx.query<{ code_hash: string; tries: number; expires_at: Date }>(
    'SELECT code_hash, tries, expires_at FROM account_codes WHERE user_id = $1 AND purpose = $2 FOR UPDATE',
    [userId, purpose],
  )
  const live = row && new Date(row.expires_at).getTime() > now ? row : undefined
  const [salt, stored] = (live?.code_hash ?? NO_CODE).split('$')
  const right = timingSafeEqual(Buffer.from(digest(salt, code), 'hex'), Buffer.from(stored, 'hex')) && live !== undefined
  if (right || (row && (!live || row.tries + 1 >= MAX_TRIES)))
    await tx.query('DELETE FROM account_codes WHERE user_id = $1 AND purpose = $2', [userId, purpose])
  else await tx.query('UPDATE account_codes SET tries = tries + 1 WHERE user_id = $1 AND purpose = $2', [userId, purpose])
  return right
}

export interface CodeCheck {
  /** Undefined for an address without an account: its code is checked against nobody's. */
  userId: string | undefined
  purpose: CodePurpose
  code: string
  now: number
  /** The account's wrong codes (wrongCodesBucket). */
  bucket: string
  /** What a right code does, in the same transaction. */
  onRight?: (tx: Queryable) => Promise<void>
}

/**
 * Judges a code within the account's budget of wrong codes, in one
 * transaction: the try is counted first, and past WRONG_CODES the answer is
 * `retryAfter` (seconds) and the code is not looked at; a right code gives its
 * count back. An address without an account does the same work, so neither
 * the answer nor its time tells whether one uses it.
 */
export async function judgeCode(db: Database, c: CodeCheck): Promise<{ right: boolean; retryAfter?: number }> {
  return db.transaction(async (tx) => {
    const { hits, retryAfter } = await countHits(tx, c.bucket, 1, WRONG_CODES_WINDOW_SECONDS)
    if (hits > WRONG_CODES) return { right: false, retryAfter }
    const right = await useCode(tx, c.userId ?? NOBODY, c.purpose, c.code, c.now)
    if (right) {
      await refundRateLimit(tx, c.bucket)
      await c.onRight?.(tx)
    }
    return { right }
  })
}

/** Drops expired codes, a bounded batch at a time; true when a whole batch went. */
export async function pruneExpiredCodes(q: Queryable, now: number, batch = 200): Promise<boolean> {
  const [{ n }] = await q.query<{ n: number }>(
    `WITH gone AS (DELETE FROM account_codes WHERE (user_id, purpose) IN (SELECT user_id, purpose FROM account_codes WHERE expires_at < $1 LIMIT $2) RETURNING 1)
     SELECT count(*)::integer AS n FROM gone`,
    [new Date(now), batch],
  )
  return n === batch
}

/** The accounts' part of the retention schedule (db/retention.ts): expired reset and verification codes. */
export const accountRetention = ({ db }: RouteDeps): PruneJob[] => [{ name: 'expired account codes', prune: (now) => pruneExpiredCodes(db, now) }]
