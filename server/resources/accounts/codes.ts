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
 * How long a used code is kept, as its salted hash, so that the same code sent
 * again is not counted as a wrong one. A repeat is one request sent more than
 * once (a double submit, a second tab, a client's retry of a request whose
 * answer was lost): it comes within seconds. A few minutes cover it with room
 * to spare, even for a code used in its last second, and no longer than that
 * keeps the hash of a spent code when CODE_TTL_SECONDS is set to hours.
 */
export const USED_CODE_SECONDS = 5 * 60

/** A try's outcome: the live code; the code just used, sent again (refused, but no wrong code); or a wrong one. */
export type Verdict = 'right' | 'repeat' | 'wrong'

const matches = (hash: string, code: string) => {
  const [salt, stored] = hash.split('$')
  return timingSafeEqual(Buffer.from(digest(salt, code), 'hex'), Buffer.from(stored, 'hex'))
}

/**
 * Checks `code` under a row lock, so parallel tries are counted one by one.
 * A right code is used up, and kept USED_CODE_SECONDS as used: the same code
 * again, from the tries that waited for the lock or a retry, is a `repeat`,
 * which counts no try. Any other code is wrong: it counts a try, and the fifth
 * burns the code; an expired one is dropped. Without a code (or an account) it
 * runs the same statements and hashes, matching no row. Call it inside a
 * transaction, and commit whatever it answers: a wrong try must stay counted.
 */
export async function useCode(tx: Queryable, of: CodeOf, code: string, now: number): Promise<Verdict> {
  const key = [of.userId, of.purpose, of.deviceId]
  const [row] = await tx.query<{ code_hash: string; tries: number; expires_at: Date }>(
    'SELECT code_hash, tries, expires_at FROM account_codes WHERE user_id = $1 AND purpose = $2 AND device_id = $3 FOR UPDATE',
    key,
  )
  const live = row && new Date(row.expires_at).getTime() > now ? row : undefined
  if (matches(live?.code_hash ?? NO_CODE, code) && live) {
    await tx.query('DELETE FROM account_codes WHERE user_id = $1 AND purpose = $2 AND device_id = $3', key)
    await tx.query(
      `INSERT INTO used_codes (user_id, purpose, device_id, code_hash, expires_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id, purpose, device_id) DO UPDATE SET code_hash = excluded.code_hash, expires_at = excluded.expires_at`,
      [...key, live.code_hash, new Date(now + USED_CODE_SECONDS * 1000)],
    )
    return 'right'
  }
  // Read after the lock above: a try that waited for the one using the code sees it used. Compared like the live
  // code, so a guess learns nothing from it but that it is the code just used, which works no more.
  const [used] = await tx.query<{ code_hash: string; expires_at: Date }>(
    'SELECT code_hash, expires_at FROM used_codes WHERE user_id = $1 AND purpose = $2 AND device_id = $3',
    key,
  )
  const kept = used && new Date(used.expires_at).getTime() > now ? used : undefined
  if (matches(kept?.code_hash ?? NO_CODE, code) && kept) return 'repeat'
  if (row && (!live || row.tries + 1 >= MAX_TRIES)) await tx.query('DELETE FROM account_codes WHERE user_id = $1 AND purpose = $2 AND device_id = $3', key)
  else await tx.query('UPDATE account_codes SET tries = tries + 1 WHERE user_id = $1 AND purpose = $2 AND device_id = $3', key)
  return 'wrong'
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
 * `refusal` and the code is not looked at; a right code, or the one just used
 * sent again (`repeat`, refused all the same), gives its counts back. An
 * address without an account does the same work, so neither the answer nor
 * its time tells whether one uses it.
 */
export async function judgeCode(db: Database, c: CodeCheck): Promise<{ right: boolean; repeat?: boolean; refusal?: Refusal }> {
  return db.transaction(async (tx) => {
    const { counted, refusal } = await spendTry(tx, c.ip, c.bucket)
    if (refusal) return { right: false, refusal }
    // The account's row before its code's, the order its deletion takes them in (its row, then the codes by
    // cascade): taken the other way, a right code marking the account verified and a deletion each waited for the
    // other (a deadlock, one of them a 500). Without an account, the same statement matches no row.
    await tx.query('SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE', [c.userId ?? NOBODY])
    const verdict = await useCode(tx, { userId: c.userId ?? NOBODY, purpose: c.purpose, deviceId: c.deviceId }, c.code, c.now)
    if (verdict !== 'wrong') await refundTry(tx, counted)
    if (verdict === 'right') await c.onRight?.(tx)
    return { right: verdict === 'right', repeat: verdict === 'repeat' }
  })
}

/** Drops expired codes and used ones kept past USED_CODE_SECONDS, a bounded batch at a time; true when a whole batch went. */
export async function pruneExpiredCodes(q: Queryable, now: number, batch = 200): Promise<boolean> {
  let full = false
  for (const table of ['account_codes', 'used_codes']) {
    const [{ n }] = await q.query<{ n: number }>(
      `WITH gone AS (DELETE FROM ${table} WHERE (user_id, purpose, device_id) IN (SELECT user_id, purpose, device_id FROM ${table} WHERE expires_at < $1 LIMIT $2) RETURNING 1)
       SELECT count(*)::integer AS n FROM gone`,
      [new Date(now), batch],
    )
    full ||= n === batch
  }
  return full
}

/** The accounts' part of the retention schedule (db/retention.ts): expired reset and verification codes, and used ones. */
export const accountRetention = ({ db }: RouteDeps): PruneJob[] => [{ name: 'expired account codes', prune: (now) => pruneExpiredCodes(db, now) }]
