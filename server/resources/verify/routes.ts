import { Hono } from 'hono'
import { HttpError } from '../../http/errors'
import { readJsonObject } from '../../http/validate'
import { parseBody } from '../../http/body'
import { VERIFY_KEY_MAX, VerifyRequest } from '../../../contract/requests'
import type { RouteDeps } from '../../http/route-deps'
import type { KeyVerifier, Verification } from './key-verifier'

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
 * token is configured. Constant-time: see sameSecret.
 */
export function serviceTokenCheck(serviceToken: string | undefined): ((authorization: string | undefined) => boolean) | undefined {
  if (!serviceToken) return undefined
  return (authorization) => {
    const given = BEARER.exec(authorization ?? '')?.[1]
    return given !== undefined && sameSecret(given, serviceToken)
  }
}

/**
 * Whether `given` is `secret`, in a time that depends only on the length of
 * `given` (which its sender knows): every character is compared, against
 * the secret's characters in turn, with no early exit, so the time says
 * neither how much of the secret was right nor how long it is. The same
 * guarantee as comparing SHA-256 digests with timingSafeEqual, which this
 * replaced: that took about 2 µs a call measured alone, and more under load.
 */
export function sameSecret(given: string, secret: string): boolean {
  let differ = given.length ^ secret.length
  for (let i = 0; i < given.length; i++) differ |= given.charCodeAt(i) ^ secret.charCodeAt(i % secret.length)
  return differ === 0
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
    return c.body(answerText(await keys.verify(key)), 200, JSON_TYPE)
  })
}

const JSON_TYPE = { 'Content-Type': 'application/json' }
// The verifier shares an answer between calls (a cached key's, and the two
// refusals), so each is serialised once, not on every verification.
const texts = new WeakMap<Verification, string>()
function answerText(answer: Verification): string {
  let text = texts.get(answer)
  if (text === undefined) texts.set(answer, (text = JSON.stringify(answer)))
  return text
}
