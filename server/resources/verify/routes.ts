import { Hono } from 'hono'
import { hash, timingSafeEqual } from 'node:crypto'
import { HttpError } from '../../http/errors'
import { readJsonObject } from '../../http/validate'
import { parseBody } from '../../http/body'
import { VERIFY_KEY_MAX, VerifyRequest } from '../../../contract/requests'
import type { RouteDeps } from '../../http/route-deps'
import type { KeyVerifier } from './key-verifier'

export const VERIFY_NOT_CONFIGURED = 'Key verification is not configured on this server: set SERVICE_TOKEN to enable POST /keys/verify.'
export const SERVICE_TOKEN_REQUIRED = 'A valid service token is required (Authorization: Bearer <SERVICE_TOKEN>).'

export interface VerifyDeps extends RouteDeps {
  keys: KeyVerifier
}

/** Where the route is, under /api. */
export const VERIFY_PATH = '/keys/verify'

const BEARER = /^Bearer\s+(\S+)\s*$/i

/** The longest key the route accepts, in characters. */
export const KEY_MAX = VERIFY_KEY_MAX

/**
 * The check of `Authorization: Bearer <SERVICE_TOKEN>`, or undefined when no
 * token is configured. The token's digest is made once; comparing digests of
 * equal length keeps the comparison constant-time and says nothing about the
 * token's length.
 */
export function serviceTokenCheck(serviceToken: string | undefined): ((authorization: string | undefined) => boolean) | undefined {
  if (!serviceToken) return undefined
  // Hex digests as bytes: Node makes a hex digest faster than a binary one.
  const digest = (token: string) => Buffer.from(hash('sha256', token), 'latin1')
  const expected = digest(serviceToken)
  return (authorization) => {
    const given = BEARER.exec(authorization ?? '')?.[1]
    return given !== undefined && timingSafeEqual(digest(given), expected)
  }
}

/**
 * POST /keys/verify, for the API provider's own services: is the key a client
 * presented good, and whose is it? Authenticated by SERVICE_TOKEN, not by a
 * user. The answer names the key, never a secret. One route through the
 * API's whole middleware: that stack is cheap enough now (server/README.md,
 * "Cheap requests stay cheap") that no second path is kept for speed.
 */
export function verifyRoutes({ config, keys }: VerifyDeps) {
  const authorized = serviceTokenCheck(config.serviceToken)
  return new Hono().post(VERIFY_PATH, async (c) => {
    if (!authorized) throw new HttpError(503, VERIFY_NOT_CONFIGURED)
    if (!authorized(c.req.header('authorization'))) {
      throw new HttpError(401, SERVICE_TOKEN_REQUIRED, { 'WWW-Authenticate': 'Bearer' })
    }
    const body = await readJsonObject(c)
    // The contract's schema (contract.ts documents the route), parsed without a router middleware.
    const { key } = parseBody(VerifyRequest, body)
    return c.json(await keys.verify(key))
  })
}
