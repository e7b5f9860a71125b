import type { MiddlewareHandler } from 'hono'
import type { RateLimitConfig } from '../config'
import type { Queryable } from '../db/index'
import { hitRateLimit, userBucket } from '../security/rate-limit'
import { HttpError } from './errors'
import { tooManyAttempts } from './throttle'

export const USER_WINDOW_SECONDS = 60

/** Counts one call by `userId`; throws 429 once the user is over the budget. */
export type UserLimit = (userId: string) => Promise<void>

export type UserLimitEnv = { Variables: { userLimit?: UserLimit } }

const tooMany = (retryAfter: number) =>
  new HttpError(429, tooManyAttempts(retryAfter).replace('attempts', 'requests'), { 'Retry-After': String(retryAfter) })

/**
 * The fair share of one account: `perUser` calls a minute on the routes a
 * user's access token opens — far more than a person clicks, far less than a
 * script sends. It is installed for the whole API, and the access-token
 * guard applies it once it knows the user, so every route behind that guard
 * (today's and those added later) has it, and routes opened by other
 * credentials do not. The count is a database row, shared by instances; a
 * user found over budget is remembered here until the window ends, so a
 * flood of refused calls costs a token lookup each and no write.
 */
export function userRateLimit(db: Queryable, cfg: RateLimitConfig): MiddlewareHandler<UserLimitEnv> {
  const blockedUntil = new Map<string, number>()
  const limit: UserLimit = async (userId) => {
    const until = blockedUntil.get(userId)
    if (until !== undefined) {
      const left = Math.ceil((until - Date.now()) / 1000)
      if (left > 0) throw tooMany(left)
      blockedUntil.delete(userId)
    }
    const { allowed, retryAfter } = await hitRateLimit(db, [{ key: userBucket(userId), limit: cfg.perUser }], USER_WINDOW_SECONDS)
    if (allowed) return
    if (blockedUntil.size > 10_000) blockedUntil.clear() // a bound, not a policy: the database still counts
    blockedUntil.set(userId, Date.now() + retryAfter * 1000)
    throw tooMany(retryAfter)
  }
  return async (c, next) => {
    c.set('userLimit', limit)
    await next()
  }
}
