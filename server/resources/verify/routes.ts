import { parseBody } from '../../http/body'
import { badRequest } from '../../http/errors'
import { readJsonObject, type JsonObject } from '../../http/validate'
import { clientAddress } from '../../security/ip-ranges'
import { ContractApp } from '../../openapi/contract-app'
import { isScopeList, VERIFY_KEY_MAX } from '../../../contract/constants'
import { VerifyRequest } from '../../../contract/requests'
import type { RouteDeps } from '../../http/route-deps'
import { requireServiceToken } from '../../http/service-token'
import type { KeyVerifier, Verification, VerifyAsk } from './key-verifier'
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
    const body = await readJsonObject(c)
    const ask = readAsk(body)
    const { key } = parseBody(VerifyRequest, body)
    return c.body(answerText(await keys.verify(key, ask)), 200, JSON_TYPE)
  })
}

/** `ip` and `scopes`, checked before the key so each refusal names its value; a spec-only `{ key }` asks nothing more. */
function readAsk(body: JsonObject): VerifyAsk | undefined {
  const { ip, scopes } = body
  if (ip === undefined && scopes === undefined) return undefined
  if (ip !== undefined && (typeof ip !== 'string' || !clientAddress(ip))) throw badRequest(VERIFY.IP_ADDRESS_INVALID(ip))
  if (scopes !== undefined && !isScopeList(scopes)) {
    throw badRequest(VERIFY.SCOPES_INVALID(scopes))
  }
  return { ip: ip as string | undefined, scopes: scopes as string[] | undefined }
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
