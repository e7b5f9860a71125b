import type { Context } from 'hono'
import type { ServerResponse } from 'node:http'
import type { RateLimitConfig } from '../config'
import type { Queryable } from '../db/index'
import { budget, sharedCounter, userBucket } from '../security/rate-limit'
import { holdFor, timerPause, tooManyRequests, type Pause } from './throttle'

/**
 * The per-minute budget is counted in windows of 10 seconds (a sixth of it in
 * each), so a script cannot spend a whole minute's calls in one burst and
 * starve everyone else for its length.
 */
export const USER_WINDOW_SECONDS = 10

/**
 * How long a call from a token already known to be over budget is held before
 * its 429: a client that ignores Retry-After gets one answer a second per
 * connection instead of thousands, so its refusals cannot become a flood that
 * slows everyone else. A timer, nothing more, holds the request.
 */
export const REFUSAL_HOLD_MS = 1000

export interface UserLimit {
  /** Seconds to wait when this token's user is known to be over budget (no database call), else 0. */
  blocked(tokenHash: string): number
  /** Holds a refused call for a moment (REFUSAL_HOLD_MS, at most the wait itself). */
  hold(seconds: number): Promise<void>
  /** Counts one call by `userId`; throws 429 once the user is over budget. */
  count(userId: string, tokenHash: string): Promise<void>
  /**
   * Adds what a large answer costs beyond its one call: a call for every
   * BYTES_PER_CALL of `bytes`. Once that puts the user over budget, their next
   * calls are refused, those already waiting their turn included.
   */
  charge(userId: string, tokenHash: string, bytes: number): Promise<void>
  /**
   * Waits for one of the user's USER_CONCURRENCY places; the place is given
   * back once the answer is written (over a socket) or when the returned
   * function is called, whichever comes first.
   */
  turn(userId: string, c: Context): Promise<() => void>
  /** Writes the counts held in memory (sharedCounter), so none is lost when the app closes. */
  settle(): Promise<void>
}

/**
 * How many calls of one user are served at once; the others wait their turn
 * in order, costing nothing meanwhile. A script on 20 connections then holds
 * two places, not twenty, so another user's call never queues behind more
 * than two of its answers — from the first second, before any budget is
 * spent. A person's page makes a handful of calls at once and hardly waits.
 */
export const USER_CONCURRENCY = 2

/**
 * The bytes of an answer that weigh as much as one call: counted in calls
 * alone, a script could spend its whole window in its first second on the
 * largest lists while everyone else waited for them to be written; weighed,
 * a person reloading a dashboard of a thousand projects still can, several
 * times a window (an unchanged list is a 304 and costs one).
 */
export const BYTES_PER_CALL = 128 * 1024

export type UserLimitEnv = { Variables: { userLimit?: UserLimit } }

/**
 * The fair share of one account: `perUser` calls a minute on the routes a
 * user's access token opens — far more than a person clicks, far less than a
 * script sends. It is installed for the whole API, and the access-token
 * guard applies it once it knows the user, so every route behind that guard
 * (today's and those added later) has it, and routes opened by other
 * credentials do not. The count is a database row, shared by instances,
 * written in batches while the user is far from the limit (sharedCounter).
 * A token found over budget is remembered here until its window ends, so a
 * flood of refused calls costs no database work at all (a revoked token may
 * then read 429 instead of 401 for those few seconds), and each of those
 * calls is held a moment before its answer (REFUSAL_HOLD_MS).
 */
export function userLimits(db: Queryable, cfg: RateLimitConfig, pause: Pause = timerPause): UserLimit {
  const counter = sharedCounter(db, USER_WINDOW_SECONDS)
  const share = budget(cfg.perUser, USER_WINDOW_SECONDS, counter.hit)
  const places = new Map<string, { busy: number; waiting: Array<() => void> }>()
  const giveBack = (userId: string) => {
    const p = places.get(userId)!
    const next = p.waiting.shift()
    if (next) return next() // the place goes straight to the next in line
    if (--p.busy === 0) places.delete(userId)
  }
  return {
    settle: counter.flush,
    async turn(userId, c) {
      let p = places.get(userId)
      if (!p) places.set(userId, (p = { busy: 0, waiting: [] }))
      if (p.busy < USER_CONCURRENCY) p.busy++
      else await new Promise<void>((resolve) => p.waiting.push(resolve))
      let held = true
      const release = () => {
        if (!held) return
        held = false
        giveBack(userId)
      }
      // Went over budget while this call waited (an answer before it weighed a lot): refused now, not served.
      const wait = share.left(userId)
      if (wait > 0) {
        release()
        throw tooManyRequests(wait)
      }
      const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing
      if (outgoing) {
        // Written, or the client gone: either frees the place.
        if (outgoing.destroyed || outgoing.writableFinished)
          release() // it left while waiting
        else {
          outgoing.once('finish', release)
          outgoing.once('close', release)
        }
        return () => undefined
      }
      return release
    },
    blocked: share.left,
    hold: holdFor(REFUSAL_HOLD_MS, pause),
    async count(userId, tokenHash) {
      const known = share.left(userId)
      if (known > 0) share.refuse(tokenHash, known)
      const wait = known || (await share.spend(userBucket(userId), 1, userId, tokenHash))
      if (wait > 0) throw tooManyRequests(wait)
    },
    async charge(userId, tokenHash, bytes) {
      const weight = Math.floor(bytes / BYTES_PER_CALL)
      if (weight > 0) await share.spend(userBucket(userId), weight, userId, tokenHash)
    },
  }
}
