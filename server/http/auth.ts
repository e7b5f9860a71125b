import type { MiddlewareHandler } from 'hono'
import { DEVICE_UNKNOWN } from '../../contract/constants'
import type { Database } from '../db/index'
import { hashToken, type TokenKind } from '../security/tokens'
import { HttpError, errorTable, type Coded } from './errors'
import type { TokenEnv } from './token-cache'
import type { AddressLimitEnv } from './address-limit'
import { tooManyRequests } from './throttle'
import type { UserLimitEnv } from './user-limit'

/** The guard's refusals; an unknown device token (forgotten, expired, pruned) carries DEVICE_UNKNOWN: the widget registers again. */
export const AUTH = errorTable({
  AUTH_REQUIRED: 'Authentication required.',
  SESSION_EXPIRED: 'Your session has expired. Please log in again.',
  [DEVICE_UNKNOWN]: 'This page has been open too long. Reload it and try again.',
})
export const AUTH_REQUIRED = AUTH.AUTH_REQUIRED.message
export const SESSION_EXPIRED = AUTH.SESSION_EXPIRED.message
export const DEVICE_EXPIRED = AUTH.DEVICE_UNKNOWN.message

/** What the guard sets, beside the fair shares' own variables (handed over by app.ts's first layer). */
export type AuthEnv = {
  Variables: { userId: string; deviceId: string; tokenHash: string; userCounted?: boolean } & UserLimitEnv['Variables'] &
    AddressLimitEnv['Variables'] &
    TokenEnv['Variables']
}

const unauthorized = (error: Coded, problem?: 'invalid_token') =>
  new HttpError(401, error, { 'WWW-Authenticate': problem ? `Bearer error="${problem}"` : 'Bearer' })

/** The caller's account was deleted after its token was admitted (a call that raced the deletion): as its token now is, expired. */
export const accountGone = (): HttpError => unauthorized(AUTH.SESSION_EXPIRED, 'invalid_token')

const BEARER = /^Bearer\s+(\S+)\s*$/i

/**
 * Admits requests that carry a live token of `kind`. The token is looked up by
 * its SHA-256: the plaintext is never stored, and a hash index lookup gives
 * away nothing useful through timing (the attacker does not control the hash).
 * A token of the other kind is refused like an unknown one. Tokens found are
 * kept in memory for a few seconds and forgotten the moment their row changes,
 * in the app's token cache (token-cache.ts), which app.ts's first layer hands
 * over as it hands over the fair shares. (`_db` is no longer read: the cache
 * is the app's, not the database's; the call sites still pass it.)
 */
export function requireToken(_db: Database, kind: TokenKind, { fairShare = true } = {}): MiddlewareHandler<AuthEnv> {
  const expired = kind === 'access' ? AUTH.SESSION_EXPIRED : AUTH.DEVICE_UNKNOWN
  return async (c, next) => {
    // A header that is not `Bearer <token>` (Basic, a bare "Bearer", two words) carries no token, so no session that
    // could have expired: told as a missing one, not as SESSION_EXPIRED, on which the widget signs out.
    const token = BEARER.exec(c.req.header('authorization') ?? '')?.[1]
    if (!token) throw unauthorized(AUTH.AUTH_REQUIRED)
    const tokenHash = hashToken(token)
    // A token already over its user's budget, or from an address over one of
    // its budgets, is refused before any database work.
    const counted = kind === 'access' && fairShare
    const limit = counted ? c.get('userLimit') : undefined
    const address = c.get('addressLimit')
    const wait = Math.max(limit?.blocked(tokenHash) ?? 0, address?.blocked(c, tokenHash, counted) ?? 0)
    if (wait > 0) {
      await (limit ?? address)!.hold(wait)
      throw tooManyRequests(wait)
    }
    const tokens = c.get('tokens')
    if (!tokens) throw new Error('requireToken runs behind the app that installs its token cache (app.ts).')
    const find = () => tokens.find(tokenHash, kind)
    const row = await (address ? address.lookUp(c, tokenHash, find) : find())
    if (!row) throw unauthorized(expired, 'invalid_token')
    c.set('tokenHash', tokenHash)
    if (row.userId) c.set('userId', row.userId)
    if (row.deviceId) c.set('deviceId', row.deviceId)
    // The user's and the address's fair shares, counted before the route reads
    // its body; once per request, even where two route groups guard the same path.
    if (counted && row.userId && !c.get('userCounted')) {
      c.set('userCounted', true)
      const userLimit = c.get('userLimit')
      await userLimit?.count(row.userId, tokenHash)
      await address?.call(c, tokenHash, { count: true })
      const done = await userLimit?.turn(row.userId, c)
      try {
        await next()
      } finally {
        done?.()
      }
      address?.answered(c)
      return
    }
    await address?.call(c, tokenHash, { count: false })
    await next()
  }
}
