import { MAX_VERIFY_SCOPES } from '../../../contract/constants'
import { errorTable } from '../../http/errors'

/** A value a client sent, quoted as JSON and cut short: it may be anything. */
const shown = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value)
  return text.length > 60 ? `${text.slice(0, 57)}…` : text
}

/** This resource's refusals, each code beside its wording (thrown by its routes, listed by its operations). */
export const VERIFY = errorTable({
  VERIFY_NOT_CONFIGURED: 'Key verification is not configured on this server: set SERVICE_TOKEN to enable POST /keys/verify.',
  // Key restrictions (issue 50): what the provider's service asks beside the key, each naming the value sent.
  IP_ADDRESS_INVALID: (value: unknown) => `ip must be an IPv4 or IPv6 address, not ${shown(value)}.`,
  SCOPES_INVALID: (value: unknown) => `scopes must be a list of at most ${MAX_VERIFY_SCOPES} scope names (the scopes this call needs), not ${shown(value)}.`,
})
