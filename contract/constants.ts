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

/** Why `POST /keys/verify` refuses a key: no such key, it has expired, the caller's address is outside its allowlist, or it lacks a scope the call needs. */
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
/** The longest scope name POST /keys/verify takes. */
export const VERIFY_SCOPE_MAX = 100

/** Whether `scopes` is what POST /keys/verify takes as the scopes a call needs: at most MAX_VERIFY_SCOPES names of 1 to VERIFY_SCOPE_MAX characters, none a control character or half a surrogate pair (no name the server can store). */
export const isScopeList = (scopes: unknown): scopes is string[] =>
  Array.isArray(scopes) &&
  scopes.length <= MAX_VERIFY_SCOPES &&
  scopes.every((s) => typeof s === 'string' && s.length > 0 && s.length <= VERIFY_SCOPE_MAX && !/[\p{Cc}\uD800-\uDFFF]/u.test(s))

// They break a line, so in a CSV cell, a mail header or a log line "Bob\r\nBcc: …" reads as a second line an attacker wrote.
/** Control characters (Cc: CR, LF, tab, NUL, DEL and the C1 set) and the line and paragraph separators. */
export const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029]/u
/**
 * The bidi embeddings, overrides and isolates: they reorder what follows them, so in a sentence
 * "Mallory" + U+202E mirrors the words after the name (and in a CSV row, the cells after it).
 */
export const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/u
/** What renders blank: format and default-ignorable characters, U+2800 and U+1D159 (contract/fields.ts says which and why). */
export const BLANK = '\\p{Cf}\\p{Default_Ignorable_Code_Point}\\u2800\\u{1D159}'
const VISIBLE = /* @__PURE__ */ new RegExp(`[^\\s${BLANK}]`, 'u')
/** Whether `text` shows nothing: nothing but white space and characters that render blank. */
export const rendersBlank = (text: string): boolean => !VISIBLE.test(text)

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
/** The invitation to accept or decline is not one pending to the caller's verified address (unknown, used, revoked, expired or another's). */
export const INVITATION_UNKNOWN = 'INVITATION_UNKNOWN'
/** POST /api/logs: an entry of the batch is malformed (the message names the entry and field); nothing of the batch is stored. */
export const LOG_ENTRY_INVALID = 'LOG_ENTRY_INVALID'
/** POST /api/logs: more entries, or more bytes, than one batch may carry. */
export const LOG_BATCH_TOO_LARGE = 'LOG_BATCH_TOO_LARGE'
/** GET /api/logs/{requestId}: no stored entry has this request id. */
export const LOG_ENTRY_NOT_FOUND = 'LOG_ENTRY_NOT_FOUND'
/** GET /manage/dapp/{id}/logs: "before" is not the "next" of a page. */
export const LOG_CURSOR_INVALID = 'LOG_CURSOR_INVALID'
/** POST /keys/verify: `scopes` is not a list of at most MAX_VERIFY_SCOPES scope names (the provider's own setting, not the client's key). */
export const SCOPES_INVALID = 'SCOPES_INVALID'
/** POST /keys/verify: `ip` is not an IPv4 or IPv6 address. */
export const IP_ADDRESS_INVALID = 'IP_ADDRESS_INVALID'
/** What a server may offer beyond the specification's calls (`GET /capabilities`); the widget hides any it does not name. */
// 'key-restrictions': the server has a scope catalog (KEY_SCOPES_FILE), read from GET /manage/dapp/{id}/scopes.
export const FEATURES = ['webhooks', 'accounts', 'mail', 'usage', 'project-settings', 'teams', 'request-logs', 'key-restrictions'] as const
export type Feature = (typeof FEATURES)[number]
/** The longest webhook endpoint URL, and the longest description, the server keeps (the endpoint dialog's limits too). */
export const WEBHOOK_URL_MAX = 2048
export const WEBHOOK_DESCRIPTION_MAX = 500
/** Request logs: the most entries one `POST /api/logs` may carry (more: 413). */
export const LOG_BATCH_MAX = 1000
/** The largest body `POST /api/logs` reads (more: 413): 1,000 entries with every field at its longest fit, even in 3-byte UTF-8. */
export const LOG_BODY_MAX_BYTES = 5 * 1024 * 1024
/** The longest route template stored; a longer one is cut to this. */
export const LOG_ROUTE_MAX = 200
/** The longest request id a report may carry, and so the longest the page's `requestId` filter takes. */
export const LOG_REQUEST_ID_MAX = 200
/** The longest key id a report may carry. */
export const LOG_KEY_ID_MAX = 200
/** The status classes `GET /manage/dapp/{id}/logs?status=` filters by. */
export const LOG_STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const
export type LogStatusClass = (typeof LOG_STATUS_CLASSES)[number]
/** The most days `GET /manage/dapp/{id}/logs/summary?days=` covers. */
export const LOG_SUMMARY_DAYS_MAX = 90
/** The longest range GET …/usage answers, in days. */
export const USAGE_DAYS_MAX = 90
