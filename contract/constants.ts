/**
 * The contract's constants, the one copy of each: the schemas beside this file,
 * the server, the widget and `flex-portal/verify` all import them from here.
 * It imports nothing, so the widget may take values from this module alone
 * (zod stays out of the bundle) and the verify package needs no dependency.
 */

/** A member's roles in a project, highest first: each may do what the ones after it may. */
export const ROLES = ['owner', 'admin', 'developer', 'viewer'] as const
export type Role = (typeof ROLES)[number]

/** The roles an invitation or a role change may give: there is one owner, made only by a transfer. */
export const MEMBER_ROLES = ['admin', 'developer', 'viewer'] as const
export type MemberRole = (typeof MEMBER_ROLES)[number]

/** The longest key `POST /keys/verify` accepts; a longer one is no key of the server's. */
export const VERIFY_KEY_MAX = 200

/** Digits in a mailed code (password reset, e-mail verification). */
export const CODE_DIGITS = 10

/**
 * Why `POST /keys/verify` refuses a key: no such key, it has expired, the
 * caller's address is outside its allowlist, or it lacks a scope the call needs.
 */
export const VERIFY_REFUSALS = ['NOT_FOUND', 'EXPIRED', 'IP_NOT_ALLOWED', 'INSUFFICIENT_SCOPE'] as const
export type VerifyRefusal = (typeof VERIFY_REFUSALS)[number]

/** A key's mode: live (the default) or test. The verification's `mode` is what a provider trusts, never the key text's prefix. */
export const KEY_MODES = ['live', 'test'] as const
export type KeyMode = (typeof KEY_MODES)[number]

/** What a scope of the provider's catalog (KEY_SCOPES_FILE) allows: reading or writing. */
export const SCOPE_ACCESS = ['read', 'write'] as const
export type ScopeAccess = (typeof SCOPE_ACCESS)[number]

/** The most addresses or CIDR ranges one key's allowlist holds. */
export const MAX_ALLOWED_IPS = 20

/** The most scopes one `POST /keys/verify` may ask for. */
export const MAX_VERIFY_SCOPES = 50

/**
 * `POST /keys/verify`'s answer, for `flex-portal/verify`, which has no zod:
 * contract/responses.ts checks that its schema's type is exactly this one.
 * `scopes` is null for a key that holds every scope; `missingScopes` comes with INSUFFICIENT_SCOPE.
 */
export type Verification =
  | { valid: true; keyId: string; projectId: string; name: string; expiresAt: string | null; mode: KeyMode; scopes: string[] | null }
  | { valid: false; code: VerifyRefusal; missingScopes?: string[] }

/** A device token the server does not know (its data was reset): register the device again. */
export const DEVICE_UNKNOWN = 'DEVICE_UNKNOWN'
/** A project created before webhooks, whose secret is stored only as a hash: roll it before adding an endpoint. */
export const WEBHOOK_SECRET_ROLL_NEEDED = 'WEBHOOK_SECRET_ROLL_NEEDED'
/** Key restrictions (issue 50): a scope the catalog does not name (key create and edit, POST /keys/verify). */
export const SCOPE_UNKNOWN = 'SCOPE_UNKNOWN'
/** Scopes sent to a server that has no scope catalog (KEY_SCOPES_FILE unset). */
export const SCOPES_NOT_OFFERED = 'SCOPES_NOT_OFFERED'
/** `scopes` is neither null nor a list of scope names. */
export const SCOPES_INVALID = 'SCOPES_INVALID'
/** An entry of `allowedIps` is not an IPv4/IPv6 address or CIDR range. */
export const ALLOWED_IP_INVALID = 'ALLOWED_IP_INVALID'
/** `allowedIps` holds more than MAX_ALLOWED_IPS entries (or is not a list). */
export const ALLOWED_IPS_TOO_MANY = 'ALLOWED_IPS_TOO_MANY'
/** `mode` is neither live nor test. */
export const KEY_MODE_INVALID = 'KEY_MODE_INVALID'
/** An edit tried to change a key's mode, which is fixed at creation (its key text carries it). */
export const KEY_MODE_FIXED = 'KEY_MODE_FIXED'
/** `POST /keys/verify`'s `ip` is not an IPv4 or IPv6 address. */
export const IP_ADDRESS_INVALID = 'IP_ADDRESS_INVALID'
/** A developer asked for a live key with a write scope or every scope: that needs an admin or the owner (403). */
export const BROAD_KEY_ROLE_NEEDED = 'BROAD_KEY_ROLE_NEEDED'
/** The stable reasons an error answer may carry beside its message (`code`), for a client to act on. */
export const ERROR_CODES = [
  DEVICE_UNKNOWN,
  WEBHOOK_SECRET_ROLL_NEEDED,
  SCOPE_UNKNOWN,
  SCOPES_NOT_OFFERED,
  SCOPES_INVALID,
  ALLOWED_IP_INVALID,
  ALLOWED_IPS_TOO_MANY,
  KEY_MODE_INVALID,
  KEY_MODE_FIXED,
  IP_ADDRESS_INVALID,
  BROAD_KEY_ROLE_NEEDED,
] as const

/** What a server may offer beyond the specification's calls (`GET /capabilities`); the widget hides any it does not name. */
// 'key-restrictions': the server has a scope catalog (KEY_SCOPES_FILE), read from GET /manage/dapp/{id}/scopes.
export const FEATURES = ['webhooks', 'accounts', 'mail', 'usage', 'project-settings', 'teams', 'key-restrictions'] as const
export type Feature = (typeof FEATURES)[number]
