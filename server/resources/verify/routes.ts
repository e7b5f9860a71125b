import { Hono } from 'hono'
import { readJsonObject } from '../../http/validate'
import { parseBody } from '../../http/body'
import { VERIFY_KEY_MAX, VerifyRequest } from '../../../contract/requests'
import type { RouteDeps } from '../../http/route-deps'
import { requireServiceToken } from '../../http/service-token'
import type { KeyVerifier, Verification } from './key-verifier'

export const VERIFY_NOT_CONFIGURED = 'Key verification is not configured on this server: set SERVICE_TOKEN to enable POST /keys/verify.'

export interface VerifyDeps extends RouteDeps {
  keys: KeyVerifier
}

/** Where the route is, under /api. */
export const VERIFY_PATH = '/keys/verify'

/** The longest key the route accepts, in characters. */
export const KEY_MAX = VERIFY_KEY_MAX

/**
 * POST /keys/verify, for the API provider's own services: is the key a client
 * presented good, and whose is it? Authenticated by SERVICE_TOKEN, not by a
 * user. The answer names the key, never a secret. A plain Hono route, not a
 * ContractApp operation, so its description (operations.ts) is registered by
 * app.ts; it still runs behind the API's whole middleware like every route.
 */
export function verifyRoutes({ config, keys }: VerifyDeps) {
  return new Hono().post(VERIFY_PATH, requireServiceToken(config.serviceToken, VERIFY_NOT_CONFIGURED), async (c) => {
    const body = await readJsonObject(c)
    // The contract's schema (operations.ts documents the route), parsed without a router middleware.
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
