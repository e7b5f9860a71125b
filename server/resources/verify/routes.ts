import { readBody } from '../../http/body'
import { ContractApp } from '../../openapi/contract-app'
import { VERIFY_KEY_MAX } from '../../../contract/constants'
import { VerifyRequest } from '../../../contract/requests'
import type { RouteDeps } from '../../http/route-deps'
import { requireServiceToken } from '../../http/service-token'
import type { KeyVerifier, Verification } from './key-verifier'
import { verifyKeyRoute } from './operations'
import { VERIFY } from './errors'

export const VERIFY_NOT_CONFIGURED = VERIFY.VERIFY_NOT_CONFIGURED.message

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
 * user. The answer names the key, never a secret.
 */
export function verifyRoutes({ config, keys }: VerifyDeps) {
  return new ContractApp().operation(verifyKeyRoute, requireServiceToken(config.serviceToken, VERIFY.VERIFY_NOT_CONFIGURED), async (c) => {
    const { key } = await readBody(c, VerifyRequest)
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
