import { parseBody } from '../../http/body'
import { HttpError } from '../../http/errors'
import { readJsonObject, type JsonObject } from '../../http/validate'
import { clientAddress } from '../../security/ip-ranges'
import { ContractApp } from '../../openapi/contract-app'
import { IP_ADDRESS_INVALID, MAX_VERIFY_SCOPES, SCOPES_INVALID, VERIFY_KEY_MAX } from '../../../contract/constants'
import { VerifyRequest } from '../../../contract/requests'
import type { RouteDeps } from '../../http/route-deps'
import { requireServiceToken } from '../../http/service-token'
import type { KeyVerifier, Verification, VerifyAsk } from './key-verifier'
import { verifyKeyRoute } from './operations'

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
 * user. The answer names the key, never a secret.
 */
export function verifyRoutes({ config, keys }: VerifyDeps) {
  return new ContractApp().operation(verifyKeyRoute, requireServiceToken(config.serviceToken, VERIFY_NOT_CONFIGURED), async (c) => {
    const body = await readJsonObject(c)
    const ask = readAsk(body)
    const { key } = parseBody(VerifyRequest, body)
    return c.body(answerText(await keys.verify(key, ask)), 200, JSON_TYPE)
  })
}

const shown = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value)
  return text.length > 60 ? `${text.slice(0, 57)}…` : text
}
export const ipInvalid = (value: unknown) => `ip must be an IPv4 or IPv6 address, not ${shown(value)}.`
export const askedScopesInvalid = (value: unknown) =>
  `scopes must be a list of at most ${MAX_VERIFY_SCOPES} scope names (the scopes this call needs), not ${shown(value)}.`

/** `ip` and `scopes`, checked before the key so each refusal names its value; a spec-only `{ key }` asks nothing more. */
function readAsk(body: JsonObject): VerifyAsk | undefined {
  const { ip, scopes } = body
  if (ip === undefined && scopes === undefined) return undefined
  if (ip !== undefined && (typeof ip !== 'string' || !clientAddress(ip))) throw new HttpError(400, ipInvalid(ip), {}, IP_ADDRESS_INVALID)
  if (
    scopes !== undefined &&
    (!Array.isArray(scopes) || scopes.length > MAX_VERIFY_SCOPES || scopes.some((s) => typeof s !== 'string' || s.length === 0 || s.length > 100))
  ) {
    throw new HttpError(400, askedScopesInvalid(scopes), {}, SCOPES_INVALID)
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
