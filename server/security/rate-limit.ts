/**
 * Every limit of the API counts here: log-in guessing and lock-out, sign-up,
 * device and project throttles, and the users' and addresses' fair shares.
 * The counts are fixed windows in `rate_limits` rows, one per bucket, so
 * instances sharing a PostgreSQL share every limit. A limit counts each call
 * in the database before it is answered (hitRateLimit), or, for the fair
 * shares of the hot routes, in memory while a bucket is far from its limit
 * (sharedCounter); both add to the same rows through countHits.
 */
import type { Queryable } from '../db/index'
import { increments } from '../db/increments'
import { sha256 } from './random'

export interface RateLimitResult {
  allowed: boolean
  /** Seconds until the fullest bucket resets (≥ 1). */
  retryAfter: number
}

/** A bucket to count in, its limit, and the hits this call counts as (default 1). */
export interface Bucket {
  key: string
  limit: number
  weight?: number
}

/** Adds `weight` hits to a bucket in one atomic upsert; its window's total and the seconds left of it (≥ 1). */
export async function countHits(db: Queryable, key: string, weight: number, windowSeconds: number): Promise<{ hits: number; retryAfter: number }> {
  const [row] = await db.query<{ hits: number; retry_after: number }>(
    `INSERT INTO rate_limits (bucket, hits, reset_at)
     VALUES ($1, $3, now() + make_interval(secs => $2::double precision))
     ON CONFLICT (bucket) DO UPDATE SET
       hits     = CASE WHEN rate_limits.reset_at <= now() THEN $3 ELSE rate_limits.hits + $3 END,
       reset_at = CASE WHEN rate_limits.reset_at <= now() THEN excluded.reset_at ELSE rate_limits.reset_at END
     RETURNING hits, greatest(1, ceil(extract(epoch FROM reset_at - now())))::integer AS retry_after`,
    [sha256(key), windowSeconds, weight],
  )
  return { hits: row.hits, retryAfter: row.retry_after }
}

/** Counts one attempt in each bucket, in the database, before it is answered; one upsert per bucket is atomic, so no attempt is lost to a race. */
export async function hitRateLimit(db: Queryable, buckets: readonly Bucket[], windowSeconds: number): Promise<RateLimitResult> {
  let allowed = true
  let retryAfter = 1
  for (const { key, limit, weight = 1 } of buckets) {
    const r = await countHits(db, key, weight, windowSeconds)
    if (r.hits <= limit) continue
    allowed = false
    retryAfter = Math.max(retryAfter, r.retryAfter)
  }
  return { allowed, retryAfter }
}

/** Forgets a bucket (a successful log-in clears its e-mail's failures). */
export async function clearRateLimit(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM rate_limits WHERE bucket = $1', [sha256(key)])
}

/** Takes back one hit (an attempt that turned out to be a success). */
export async function refundRateLimit(db: Queryable, key: string): Promise<void> {
  await db.query('UPDATE rate_limits SET hits = greatest(0, hits - 1) WHERE bucket = $1 AND reset_at > now()', [sha256(key)])
}

/** The hits a bucket holds in its current window, without counting one (0 when none). */
export async function peekRateLimit(db: Queryable, key: string): Promise<number> {
  const [row] = await db.query<{ hits: number }>('SELECT hits FROM rate_limits WHERE bucket = $1 AND reset_at > now()', [sha256(key)])
  return row?.hits ?? 0
}

/**
 * Drops finished windows so the table stays small. One a call is counting in is skipped (its count starts a new
 * window): a call counts in several in one transaction (an invitation, a code's try), and a prune that took them
 * in the table's order held one the call then waited for while it waited for another the call held (a deadlock,
 * the call a 500).
 */
export async function pruneRateLimits(db: Queryable): Promise<void> {
  await db.query('DELETE FROM rate_limits WHERE bucket IN (SELECT bucket FROM rate_limits WHERE reset_at < now() FOR UPDATE SKIP LOCKED)')
}

/** How long counts may wait in memory before they are added to the shared row. */
export const FLUSH_EVERY_MS = 200

/**
 * Below this share of its limit, as this instance last heard it, a shared
 * count's calls are counted in memory; from it on, each call is counted in
 * the database before it is answered.
 */
export const LOCAL_SHARE = 0.5

export interface SharedCounter {
  /** Counts `weight` hits in `key`'s window; says whether it is still within `limit`. */
  hit(key: string, limit: number, weight?: number): Promise<RateLimitResult>
  /** Adds whatever is held in memory to the database now (tests, shutdown). */
  flush(): Promise<void>
}

/** A bucket's row as this instance last heard it. */
type Heard = { hits: number; resetAt: number }
/** Bound on the buckets remembered: not a policy, the rows still count. */
const MAX_REMEMBERED = 10_000

/**
 * Counts for hot routes, in the same rows as hitRateLimit, without a write on
 * every call:
 * - a bucket's first call in a window is counted in the database, which
 *   answers the window's total and end;
 * - while that total plus what this instance holds stays below LOCAL_SHARE
 *   of the limit, calls are counted in memory and added to the row in one
 *   upsert per bucket at most every FLUSH_EVERY_MS (db/increments.ts), which
 *   brings back the total of every instance;
 * - from there on, every call is counted in the database first (with what
 *   was held), so the limit itself is as precise as hitRateLimit's.
 * One instance is exact: nobody else adds to the row, and what it holds it
 * knows. With n instances a window can admit at most
 * limit + (n − 1) × limit × LOCAL_SHARE (an instance counts in memory from
 * the total it last heard, however long ago the others spent the rest): what an attacker gains from
 * spreading calls over instances (with the default 50 a window per user and
 * two instances, 25 more calls in one window, never more per minute than
 * 1.5 shares).
 */
export function sharedCounter(db: Queryable, windowSeconds: number): SharedCounter {
  const heard = new Map<string, Heard>()
  const record = (key: string, r: { hits: number; retryAfter: number }, now: number) => {
    const resetAt = now + r.retryAfter * 1000
    const b = heard.get(key)
    if (!b) {
      if (heard.size >= MAX_REMEMBERED) heard.clear()
      heard.set(key, { hits: r.hits, resetAt })
      return
    }
    // A new window in the database starts the count again.
    b.hits = resetAt > b.resetAt + 1000 ? r.hits : Math.max(b.hits, r.hits)
    b.resetAt = Math.max(b.resetAt, resetAt)
  }
  const held = increments<{ hits: number }>(FLUSH_EVERY_MS, async (batch) => {
    for (const [key, { hits }] of batch) {
      // The database closing, or gone for a moment: these hits are lost, at most FLUSH_EVERY_MS of one bucket's calls.
      const r = await countHits(db, key, hits, windowSeconds).catch(() => undefined)
      if (r) record(key, r, Date.now())
    }
  })

  // A bucket's first count in a window, while the database answers it: the calls that come
  // meanwhile wait for it and are then counted in memory, instead of each writing the row.
  const opening = new Map<string, Promise<unknown>>()

  const hit = async (key: string, limit: number, weight = 1): Promise<RateLimitResult> => {
    const now = Date.now()
    let b = heard.get(key)
    if (b && b.resetAt <= now) {
      heard.delete(key)
      held.take(key) // the ended window's
      b = undefined
    }
    const first = b ? undefined : opening.get(key)
    if (first) {
      await first
      return hit(key, limit, weight)
    }
    if (b && b.hits + (held.get(key)?.hits ?? 0) + weight < limit * LOCAL_SHARE) {
      held.add(key, () => ({ hits: 0 })).hits += weight
      return { allowed: true, retryAfter: Math.max(1, Math.ceil((b.resetAt - now) / 1000)) }
    }
    const counting = countHits(db, key, weight + (held.take(key)?.hits ?? 0), windowSeconds)
    if (!b) {
      const settled = counting.then(
        () => opening.delete(key),
        () => opening.delete(key),
      )
      opening.set(key, settled)
    }
    const r = await counting
    record(key, r, now)
    return { allowed: r.hits <= limit, retryAfter: r.retryAfter }
  }
  return { hit, flush: held.flush }
}

/** A per-minute budget as a count per window of `windowSeconds`. */
export const perWindow = (perMinute: number, windowSeconds: number) => Math.max(1, Math.ceil((perMinute * windowSeconds) / 60))

/**
 * A per-minute budget counted in windows of `windowSeconds` by `count` (a
 * sharedCounter's hit, or the database on every call), which remembers who
 * is refused until their window ends, so a flood of refused calls costs no
 * database work.
 */
export function budget(perMinute: number, windowSeconds: number, count: (key: string, limit: number, weight: number) => Promise<RateLimitResult>) {
  const limit = perWindow(perMinute, windowSeconds)
  const until = new Map<string, number>()
  const refuse = (key: string, seconds: number) => {
    if (until.size > MAX_REMEMBERED) until.clear()
    until.set(key, Date.now() + seconds * 1000)
  }
  return {
    limit,
    refuse,
    /** Seconds `key` is known to be refused for (0: not). */
    left(key: string): number {
      const end = until.get(key)
      if (end === undefined) return 0
      const seconds = Math.ceil((end - Date.now()) / 1000)
      if (seconds <= 0) until.delete(key)
      return Math.max(0, seconds)
    },
    /** Counts `weight` in `bucket`; past the limit, `keys` are refused until the window ends. Resolves with the seconds to wait (0: within). */
    async spend(bucket: string, weight: number, ...keys: string[]): Promise<number> {
      const { allowed, retryAfter } = await count(bucket, limit, weight)
      if (allowed) return 0
      for (const key of keys) refuse(key, retryAfter)
      return retryAfter
    },
  }
}

export const ipBucket = (route: string, ip: string) => `${route}|ip|${ip}`
/** Failed log-ins for one e-mail from every address together (slows, never refuses). */
export const emailBucket = (route: string, email: string) => `${route}|email|${email}`
/** Failed log-ins for one e-mail from one client address. */
export const pairBucket = (route: string, email: string, ip: string) => `${route}|pair|${email}|${ip}`
/** Passwords judged for one e-mail from every address together (the account's cap). */
export const accountBucket = (email: string) => `authenticate|account|${email}`
/** Failed log-ins for one e-mail from one device that has signed in to it before. */
export const knownDeviceBucket = (email: string, deviceId: string) => `authenticate|device|${email}|${deviceId}`
/** Failed log-ins from one client address, whatever the e-mail. */
export const ipFailureBucket = (ip: string) => `authenticate|ip-failures|${ip}`
/** Calls from one client address with a token the database does not know. */
export const badTokenBucket = (ip: string) => `bad-tokens|${ip}`
/** Calls from one client address on the routes access tokens open, whoever's. */
export const addressBucket = (ip: string) => `calls|${ip}`
/** Calls by one user on the routes its access token opens. */
export const userBucket = (userId: string) => `user|${userId}`
/** Projects created by one user. */
export const projectBucket = (userId: string) => `projects|${userId}`
/** Invitation mails (invitations and resends) one user sent, counted a day. */
export const inviterBucket = (userId: string) => `invitations|day|user|${userId}`
/** Invitation mails sent to one address, from every project together, counted a day. */
export const invitedEmailBucket = (email: string) => `invitations|day|email|${email}`
/** Test events sent for one project's endpoints ("Send test event"). */
export const testEventBucket = (projectId: string) => `webhook-test|${projectId}`
