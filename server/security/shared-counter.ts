import type { Queryable } from '../db/index'
import { countHits, type RateLimitResult } from './rate-limit'

/** How long counts may wait in memory before they are added to the shared row. */
export const FLUSH_EVERY_MS = 200

/**
 * Below this share of its limit, as this instance last heard it, a bucket's
 * calls are counted in memory; from it on, each call is counted in the
 * database before it is answered, as every call used to be.
 */
export const LOCAL_SHARE = 0.5

export interface SharedCounter {
  /** Counts `weight` hits in `key`'s window; says whether it is still within `limit`. */
  hit(key: string, limit: number, weight?: number): Promise<RateLimitResult>
  /** Adds whatever is held in memory to the database now (tests, shutdown). */
  flush(): Promise<void>
}

type Bucket = { shared: number; pending: number; resetAt: number }

/**
 * Rate-limit counts for hot routes, shared by instances through the same
 * `rate_limits` rows as hitRateLimit, without a write on every call:
 * - a bucket's first call in a window is counted in the database, which
 *   answers the window's total and end;
 * - while that total plus what this instance holds stays below half the
 *   limit, calls are counted in memory and added to the row in one upsert
 *   per bucket at most every FLUSH_EVERY_MS, which brings back the total of
 *   every instance;
 * - past half, every call is counted in the database first (with what was
 *   held), exactly as before, so the limit itself is as precise as it was.
 * One instance is exact: nobody else adds to the row, and what it holds it
 * knows. Several are exact once a bucket is past half its limit, except for
 * what the others still hold: each holds less than half of the limit, for at
 * most FLUSH_EVERY_MS. So with n instances a window can admit at most
 * limit + (n − 1) × limit / 2, and only if the calls reach every instance
 * within the same 200 ms: what an attacker gains from spreading calls over
 * instances (with the default 50 a window per user and two instances, 25
 * more calls in one window, never more per minute than 1.5 shares).
 */
export function sharedCounter(db: Queryable, windowSeconds: number): SharedCounter {
  const buckets = new Map<string, Bucket>()
  let timer: NodeJS.Timeout | undefined
  let flushing: Promise<void> | undefined

  const record = (b: Bucket, r: { hits: number; retryAfter: number }, now: number) => {
    const resetAt = now + r.retryAfter * 1000
    // A new window in the database starts the count again.
    if (resetAt > b.resetAt + 1000) b.shared = r.hits
    else b.shared = Math.max(b.shared, r.hits)
    b.resetAt = Math.max(b.resetAt, resetAt)
  }

  const flush = async () => {
    timer = undefined
    const due = [...buckets].filter(([, b]) => b.pending > 0)
    for (const [key, b] of due) {
      const weight = b.pending
      b.pending = 0
      try {
        const r = await countHits(db, key, weight, windowSeconds)
        record(b, r, Date.now())
      } catch {
        // The database closing, or gone for a moment: these hits are lost,
        // at most FLUSH_EVERY_MS of one bucket's calls.
      }
    }
  }
  const schedule = () => {
    timer ??= setTimeout(() => {
      flushing = flush().finally(() => (flushing = undefined))
    }, FLUSH_EVERY_MS).unref()
  }

  // A bucket's first count in a window, while the database answers it: the calls that come
  // meanwhile wait for it and are then counted in memory, instead of each writing the row (a
  // script's 20 connections opening at once made 20 writes, queued ahead of everyone's queries).
  const opening = new Map<string, Promise<unknown>>()

  const hit: SharedCounter['hit'] = async (key, limit, weight = 1) => {
    const now = Date.now()
    let b = buckets.get(key)
    if (b && b.resetAt <= now) {
      buckets.delete(key)
      b = undefined
    }
    const first = b ? undefined : opening.get(key)
    if (first) {
      await first
      return hit(key, limit, weight)
    }
    if (b && b.shared + b.pending + weight < limit * LOCAL_SHARE) {
      b.pending += weight
      schedule()
      return { allowed: true, retryAfter: Math.max(1, Math.ceil((b.resetAt - now) / 1000)) }
    }
    const held = b?.pending ?? 0
    if (b) b.pending = 0
    const counting = countHits(db, key, weight + held, windowSeconds)
    if (!b) {
      const settled = counting.then(
        () => undefined,
        () => undefined,
      )
      opening.set(key, settled)
      void settled.then(() => opening.delete(key))
    }
    const r = await counting
    b = buckets.get(key)
    if (!b) {
      if (buckets.size >= 10_000) buckets.clear() // a bound, not a policy: the rows still count
      buckets.set(key, (b = { shared: r.hits, pending: 0, resetAt: 0 }))
    }
    record(b, r, now)
    return { allowed: r.hits <= limit, retryAfter: r.retryAfter }
  }

  return {
    async flush() {
      clearTimeout(timer)
      await flushing
      await flush()
    },
    hit,
  }
}
