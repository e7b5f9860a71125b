import { Hono } from 'hono'
import { timingSafeEqual } from 'node:crypto'
import { HttpError } from '../http/errors'
import { readJsonObject } from '../http/validate'
import { parseBody } from '../contract/body'
import { VerifyRequest } from '../../src/contract/requests'
import { sha256 } from '../security/random'
import type { RouteDeps } from './context'

export const VERIFY_NOT_CONFIGURED = 'Key verification is not configured on this server: set SERVICE_TOKEN to enable POST /keys/verify.'
export const SERVICE_TOKEN_REQUIRED = 'A valid service token is required (Authorization: Bearer <SERVICE_TOKEN>).'

const BEARER = /^Bearer\s+(\S+)\s*$/i

/**
 * POST /keys/verify, for the API provider's own services: is the key a client
 * presented good, and whose is it? Authenticated by SERVICE_TOKEN, not by a
 * user. The answer names the key, never a secret.
 */
export function verifyRoutes({ config, keys }: RouteDeps) {
  // Comparing digests of equal length keeps the comparison constant-time and
  // says nothing about the token's length.
  const expected = config.serviceToken ? Buffer.from(sha256(config.serviceToken), 'hex') : undefined
  return new Hono().post('/keys/verify', async (c) => {
    if (!expected) throw new HttpError(503, VERIFY_NOT_CONFIGURED)
    const given = BEARER.exec(c.req.header('authorization') ?? '')?.[1]
    if (!given || !timingSafeEqual(Buffer.from(sha256(given), 'hex'), expected)) {
      throw new HttpError(401, SERVICE_TOKEN_REQUIRED, { 'WWW-Authenticate': 'Bearer' })
    }
    const body = await readJsonObject(c)
    // The contract's schema (contract/verify.ts documents the route), parsed without a router middleware.
    const { key } = parseBody(VerifyRequest, body)
    return c.json(await keys.verify(key))
  })
}
