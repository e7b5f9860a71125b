import type { Queryable } from '../db/index'
import { sha256 } from './random'

export interface RateLimitResult {
  allowed: boolean
  /** Seconds until the fullest bucket resets (≥ 1). */
  retryAfter: number
}

/**
 * Counts one attempt in each bucket and says whether every bucket is still
 * within its limit. The counters live in the database, in fixed windows, and
 * one upsert per bucket is atomic, so instances sharing a PostgreSQL share
 * the limit and no attempt is lost to a race.
 */
export async function hitRateLimit(
  db: Queryable,
  buckets: ReadonlyArray<{ key: string; limit: number; /** Hits this attempt counts as (default 1). */ weight?: number }>,
  windowSeconds: number,
): Promise<RateLimitResult> {
  let allowed = true
  let retryAfter = 1
  for (const { key, limit, weight = 1 } of buckets) {
    const row = await countHits(db, key, weight, windowSeconds)
    if (row.hits > limit) {
      allowed = false
      retryAfter = Math.max(retryAfter, row.retryAfter)
    }
  }
  return { allowed, retryAfter }
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

/** Forgets a bucket (a successful log-in clears its e-mail's failures). */
export async function clearRateLimit(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM rate_limits WHERE bucket = $1', [sha256(key)])
}

/** Drops finished windows so the table stays small. */
export async function pruneRateLimits(db: Queryable): Promise<void> {
  await db.query('DELETE FROM rate_limits WHERE reset_at < now()')
}

export const ipBucket = (route: string, ip: string) => `${route}|ip|${ip}`
/** Failed log-ins for one e-mail from every address together (slows, never refuses). */
export const emailBucket = (route: string, email: string) => `${route}|email|${email}`

/** The hits a bucket holds in its current window, without counting one (0 when none). */
export async function peekRateLimit(db: Queryable, key: string): Promise<number> {
  const [row] = await db.query<{ hits: number }>('SELECT hits FROM rate_limits WHERE bucket = $1 AND reset_at > now()', [sha256(key)])
  return row?.hits ?? 0
}

/** Takes back one hit (an attempt that turned out to be a success). */
export async function refundRateLimit(db: Queryable, key: string): Promise<void> {
  await db.query('UPDATE rate_limits SET hits = greatest(0, hits - 1) WHERE bucket = $1 AND reset_at > now()', [sha256(key)])
}

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
