import type { RateLimitConfig } from '../../config'
import type { Queryable } from '../../db/index'
import { errorTable } from '../../http/errors'
import { refused, throttle, waitWords } from '../../http/throttle'
import {
  accountBucket,
  clearRateLimit,
  emailBucket,
  hitRateLimit,
  ipFailureBucket,
  knownDeviceBucket,
  pairBucket,
  peekRateLimit,
  refundRateLimit,
} from '../../security/rate-limit'

/** Shown as-is in the log-in banner: the owner has a way in that the attacker does not. */
export const GUARD = errorTable({
  ACCOUNT_UNDER_ATTACK: (retryAfter: number) =>
    `Too many attempts on this account. Try again in ${waitWords(retryAfter)}, or log in from a device you have logged in on before.`,
})
export const accountUnderAttack = GUARD.ACCOUNT_UNDER_ATTACK

/** Who is logging in: the e-mail, the client address (an IPv6 /64), and the device if it has signed in to this account before. */
export interface Attempt {
  address: string
  ip: string
  knownDevice?: string
}

/**
 * The log-in lock-out. Someone without the password must not be able to
 * keep the owner out, and no number of addresses may buy more guesses:
 * - failures are counted per (e-mail, client address) and per address, and
 *   those are refused (429): an attacker locks out their own addresses;
 *   a known device's failures are counted per (e-mail, device) instead;
 * - every password judged for an e-mail counts against the account, from
 *   all addresses together: past `perAccount` in `accountWindowSeconds`
 *   its log-ins answer 429 without the password being checked (a right
 *   password hands its place back, so the cap is on wrong ones);
 * - a device that has signed in to the account before skips that cap and
 *   the slowdown, so the owner signs in at once while the account is under
 *   attack;
 * - below the cap, failures for an e-mail from all addresses together slow
 *   each further log-in for it (up to `slowdownMaxMs`).
 * Every count is taken before the password check, so a burst of parallel
 * guesses cannot slip past a limit, and the counts are rows in the database,
 * shared by every instance.
 */
/**
 * The failures counted against the one attempting: a known device's on this
 * account from any address (a stolen device token gains nothing by moving),
 * anyone else's from their address.
 */
const ownBucket = ({ address, ip, knownDevice }: Attempt) => (knownDevice ? knownDeviceBucket(address, knownDevice) : pairBucket('authenticate', address, ip))

export function loginGuard(db: Queryable, cfg: RateLimitConfig, sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))) {
  return {
    /** Before the password check: 429 for a failing pair, address, device or account, a delay for an e-mail under attack. */
    async before(attempt: Attempt): Promise<void> {
      const { address, ip, knownDevice } = attempt
      await throttle(
        db,
        [
          { key: ownBucket(attempt), limit: cfg.perEmail },
          { key: ipFailureBucket(ip), limit: cfg.failuresPerIp },
        ],
        cfg.windowSeconds,
      )
      if (knownDevice) return
      const { allowed, retryAfter } = await hitRateLimit(db, [{ key: accountBucket(address), limit: cfg.perAccount }], cfg.accountWindowSeconds)
      if (!allowed) throw refused(retryAfter, accountUnderAttack(retryAfter))
      const failures = await peekRateLimit(db, emailBucket('authenticate', address))
      const over = failures - cfg.perEmail
      if (over >= 0 && cfg.slowdownMaxMs > 0) await sleep(Math.min(cfg.slowdownMaxMs, 100 * 2 ** Math.min(over, 16)))
    },
    /** A wrong password: the e-mail as a whole gets one more failure. */
    async failed({ address }: Attempt): Promise<void> {
      await hitRateLimit(db, [{ key: emailBucket('authenticate', address), limit: cfg.perEmail }], cfg.windowSeconds)
    },
    /** The right password: this pair and device start afresh, the address and the account get their attempt back. */
    async succeeded(attempt: Attempt): Promise<void> {
      await clearRateLimit(db, ownBucket(attempt))
      await refundRateLimit(db, ipFailureBucket(attempt.ip))
      if (!attempt.knownDevice) await refundRateLimit(db, accountBucket(attempt.address))
    },
  }
}
