import type { Queryable } from '../db/index'
import { hitRateLimit } from '../security/rate-limit'
import { HttpError, errorTable, type Coded } from './errors'

/** "45 seconds" / "15 minutes": how long until Retry-After has passed. */
export function waitWords(retryAfter: number): string {
  const minutes = Math.ceil(retryAfter / 60)
  return retryAfter < 60 ? `${retryAfter} second${retryAfter === 1 ? '' : 's'}` : `${minutes} minute${minutes === 1 ? '' : 's'}`
}

/** "12 days" / "5 hours" / "15 minutes": a wait that may be long (a day's budget, a month's). */
export const longWaitWords = (seconds: number) =>
  seconds >= 2 * 86_400 ? `${Math.ceil(seconds / 86_400)} days` : seconds >= 2 * 3600 ? `${Math.ceil(seconds / 3600)} hours` : waitWords(seconds)

/** "Try again in 45 seconds." / "… in 15 minutes." — shown as-is in the log-in banner. */
export const THROTTLE = errorTable({
  TOO_MANY_ATTEMPTS: (retryAfter: number) => `Too many attempts. Try again in ${waitWords(retryAfter)}.`,
  TOO_MANY_REQUESTS: (retryAfter: number) => `Too many requests. Try again in ${waitWords(retryAfter)}.`,
})

/** A 429 with Retry-After; `error` says why (default: too many attempts). */
export const refused = (retryAfter: number, error: Coded = THROTTLE.TOO_MANY_ATTEMPTS(retryAfter)) =>
  new HttpError(429, error, { 'Retry-After': String(retryAfter) })

/** The fair shares' 429: too many requests. */
export const tooManyRequests = (retryAfter: number) => refused(retryAfter, THROTTLE.TOO_MANY_REQUESTS(retryAfter))

/** How the app waits out a pause of its own: a refused call's hold, the pacing of an address's large reads. */
export type Pause = (ms: number) => Promise<void>

/** The pause of a running server: a timer, which alone does not keep the process alive. */
export const timerPause: Pause = (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref())

/** Holds a call refused from memory for a moment (at most the wait itself), so its client sends fewer. */
export const holdFor = (holdMs: number, pause: Pause) => (seconds: number) => pause(Math.min(holdMs, seconds * 1000))

/** Counts one attempt in each bucket; a 429 with Retry-After once any is over its limit. */
export async function throttle(db: Queryable, buckets: ReadonlyArray<{ key: string; limit: number }>, windowSeconds: number): Promise<void> {
  const { allowed, retryAfter } = await hitRateLimit(db, buckets, windowSeconds)
  if (!allowed) throw refused(retryAfter)
}
