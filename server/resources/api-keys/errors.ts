import { MAX_ALLOWED_IPS } from '../../../contract/constants'
import { errorTable } from '../../http/errors'

/** A value a client sent, quoted as JSON and cut short: it may be anything. */
const shown = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value)
  return text.length > 60 ? `${text.slice(0, 57)}…` : text
}

/** This resource's refusals, each code beside its wording (thrown by its routes, listed by its operations). */
export const KEYS = errorTable({
  KEY_NOT_FOUND: 'API key not found.',
  KEY_EXPIRED: 'This API key has expired. It can be renamed or deleted, not brought back: create a new one.',
  KEY_ROLLED: 'This API key has already been rolled: roll its replacement instead.',
  KEY_ROLLED_EXPIRY: 'This API key has been rolled: its expiry can only be moved earlier.',
  KEY_LIMIT_FOR_ROLL: (limit: number) =>
    `This project already has ${limit} API keys, the most it can have, so the old key cannot keep working beside its replacement. Roll it with no grace period (it stops at once), or delete another key first.`,
  KEY_EXPIRY_PAST: 'Key expiry must be in the future.',
  KEY_LIMIT_REACHED: (limit: number) => `This project already has ${limit} API keys, the most it can have. Delete one to create another.`,
  // Key restrictions (issue 50): each names the field and the value sent.
  KEY_MODE_INVALID: (value: unknown) => `mode must be live or test, not ${shown(value)}.`,
  KEY_MODE_FIXED: "mode cannot be changed: a key's mode is fixed when it is made. Create a test key instead.",
  SCOPES_INVALID: (value: unknown) => `scopes must be null (every scope) or a list of scope names, not ${shown(value)}.`,
  SCOPES_NOT_OFFERED: (value: unknown) =>
    `scopes ${shown(value)} cannot be given: this server has no scope catalog (KEY_SCOPES_FILE), so a key is made holding every scope.`,
  SCOPE_UNKNOWN: (value: unknown) => `scopes holds ${shown(value)}, which is not a scope of this server's catalog.`,
  ALLOWED_IPS_TOO_MANY: (count: number) => `allowedIps may hold at most ${MAX_ALLOWED_IPS} addresses or ranges, not ${count}.`,
  ALLOWED_IP_INVALID: (value: unknown) =>
    `allowedIps holds ${shown(value)}, which is not an IPv4 or IPv6 address or CIDR range (such as 203.0.113.0/24 or 2001:db8::/32).`,
  BROAD_KEY_ROLE_NEEDED:
    'A live key with a write scope or every scope needs the admin role (or the owner). A developer may make test keys and read-only live keys.',
})

/** `allowedIps` that is not a list: the same reason as a bad entry (a table holds one wording per code). */
export const ALLOWED_IPS_SHAPE = errorTable({
  ALLOWED_IP_INVALID: 'allowedIps must be a list of IPv4 or IPv6 addresses or CIDR ranges, such as ["203.0.113.7", "2001:db8::/32"].',
})
