import { hash, timingSafeEqual } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { HttpError, errorTable, type Coded } from './errors'

export const SERVICE_TOKEN = errorTable({
  SERVICE_TOKEN_REQUIRED: 'A valid service token is required (Authorization: Bearer <SERVICE_TOKEN>).',
})
export const SERVICE_TOKEN_REQUIRED = SERVICE_TOKEN.SERVICE_TOKEN_REQUIRED.message

const BEARER = /^Bearer\s+(\S+)\s*$/i

// One call of crypto.hash: a Hash object made per call was a large part of a key verification's cost.
const digest = (text: string) => hash('sha256', text, 'buffer')

/**
 * Whether `given` is `secret`, in constant time: both sides are hashed to
 * digests of one length first, so timingSafeEqual compares every byte and the
 * time says neither how much was right nor how long the secret is.
 */
export function sameSecret(given: string, secret: string): boolean {
  return timingSafeEqual(digest(given), digest(secret))
}

/**
 * The check of `Authorization: Bearer <SERVICE_TOKEN>` that the provider's own
 * services send (key verification, host sign-in, webhook messages), or
 * undefined when no token is configured.
 */
function serviceTokenCheck(serviceToken: string | undefined): ((authorization: string | undefined) => boolean) | undefined {
  if (!serviceToken) return undefined
  // The configured token's digest is made once; each call hashes only what it was given.
  const expected = digest(serviceToken)
  return (authorization) => {
    const given = BEARER.exec(authorization ?? '')?.[1]
    return given !== undefined && timingSafeEqual(digest(given), expected)
  }
}

/**
 * The guard of every call the provider's own services make: 503 with
 * `notConfigured` (which names the route and the setting) when no token is
 * configured, 401 when the request does not carry it.
 */
export function requireServiceToken(serviceToken: string | undefined, notConfigured: Coded): MiddlewareHandler {
  const authorized = serviceTokenCheck(serviceToken)
  return (c, next) => {
    if (!authorized) throw new HttpError(503, notConfigured)
    if (!authorized(c.req.header('authorization'))) throw new HttpError(401, SERVICE_TOKEN.SERVICE_TOKEN_REQUIRED, { 'WWW-Authenticate': 'Bearer' })
    return next()
  }
}
