import type { RateLimitConfig } from '../../config'
import type { Queryable } from '../../db/index'
import { throttle } from '../../http/throttle'
import { clearRateLimit, emailBucket, hitRateLimit, ipFailureBucket, pairBucket, peekRateLimit, refundRateLimit } from '../../security/rate-limit'

/**
 * The log-in lock-out, built so that someone without the password cannot
 * turn it against the owner:
 * - failures are counted per (e-mail, client address) and per address, and
 *   only those are refused (429): the attacker locks out themselves;
 * - failures for an e-mail from all addresses together only slow every
 *   attempt for it (a delay growing to `slowdownMaxMs`), never refuse it,
 *   so the owner's correct password from an address that has not been
 *   failing still signs in.
 * The pair and address buckets are counted before the password check (so a
 * burst of parallel guesses cannot slip past the limit) and given back when
 * the password turns out right.
 */
export function loginGuard(db: Queryable, cfg: RateLimitConfig, sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))) {
  return {
    /** Before the password check: 429 for a failing pair or address, a delay for an e-mail under attack. */
    async before(address: string, ip: string): Promise<void> {
      await throttle(
        db,
        [
          { key: pairBucket('authenticate', address, ip), limit: cfg.perEmail },
          { key: ipFailureBucket(ip), limit: cfg.failuresPerIp },
        ],
        cfg.windowSeconds,
      )
      const failures = await peekRateLimit(db, emailBucket('authenticate', address))
      const over = failures - cfg.perEmail
      if (over >= 0 && cfg.slowdownMaxMs > 0) await sleep(Math.min(cfg.slowdownMaxMs, 100 * 2 ** Math.min(over, 16)))
    },
    /** A wrong password: the e-mail as a whole gets one more failure. */
    async failed(address: string): Promise<void> {
      await hitRateLimit(db, [{ key: emailBucket('authenticate', address), limit: cfg.perEmail }], cfg.windowSeconds)
    },
    /** The right password: this pair starts afresh, and the address gets its attempt back. */
    async succeeded(address: string, ip: string): Promise<void> {
      await clearRateLimit(db, pairBucket('authenticate', address, ip))
      await refundRateLimit(db, ipFailureBucket(ip))
    },
  }
}
