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
/**
 * The stable reasons an error answer carries beside its message (`code`), for a client to act on or translate: never
 * renamed once published, only added to. The server words each where it throws it (a table of `{ code: message }` per
 * area, and the contract's field checks in fields.ts); a code not listed here fails when that table or schema loads.
 */
// prettier-ignore
export const ERROR_CODES = [
  // Any call
  'NOT_FOUND',
  'INTERNAL_ERROR',
  'REQUEST_REFUSED',
  'DATABASE_UNAVAILABLE',
  'SERVER_RESTARTING',
  // A body or an address refused before its fields are read
  'BODY_NOT_JSON',
  'BODY_ENCODING_UNSUPPORTED',
  'BODY_INVALID_JSON',
  'BODY_NOT_AN_OBJECT',
  'BODY_TOO_DEEP',
  'BODY_NOT_STORABLE',
  'BODY_TOO_LARGE',
  'ADDRESS_NOT_STORABLE',
  'ADDRESS_MALFORMED',
  'FIELD_INVALID',
  // Credentials and budgets
  'AUTH_REQUIRED',
  'SESSION_EXPIRED',
  DEVICE_UNKNOWN,
  'SERVICE_TOKEN_REQUIRED',
  'TOO_MANY_ATTEMPTS',
  'TOO_MANY_REQUESTS',
  'ACCOUNT_UNDER_ATTACK',
  'HOST_SESSIONS_NOT_CONFIGURED',
  'VERIFY_NOT_CONFIGURED',
  'WEBHOOK_MESSAGES_NOT_CONFIGURED',
  'MAIL_NOT_CONFIGURED',
  // A field of a body or a query (contract/fields.ts: the field's prefix and the reason), a line per field
  'DEVICE_UDID_REQUIRED', 'DEVICE_UDID_NOT_TEXT', 'DEVICE_UDID_TOO_LONG',
  'DEVICE_TYPE_REQUIRED', 'DEVICE_TYPE_NOT_TEXT', 'DEVICE_TYPE_TOO_LONG',
  'DEVICE_FIELD_REQUIRED', 'DEVICE_FIELD_NOT_TEXT', 'DEVICE_FIELD_TOO_LONG',
  'NAME_REQUIRED', 'NAME_NOT_TEXT', 'NAME_TOO_LONG', 'NAME_CONTROL_CHARACTERS', 'NAME_BLANK',
  'EMAIL_REQUIRED', 'EMAIL_NOT_TEXT', 'EMAIL_TOO_LONG',
  'PASSWORD_REQUIRED', 'PASSWORD_NOT_TEXT', 'PASSWORD_TOO_LONG',
  'NEW_PASSWORD_REQUIRED', 'NEW_PASSWORD_NOT_TEXT', 'NEW_PASSWORD_TOO_LONG',
  'CURRENT_PASSWORD_REQUIRED', 'CURRENT_PASSWORD_NOT_TEXT', 'CURRENT_PASSWORD_TOO_LONG',
  'PROJECT_NAME_REQUIRED', 'PROJECT_NAME_NOT_TEXT', 'PROJECT_NAME_TOO_LONG', 'PROJECT_NAME_CONTROL_CHARACTERS', 'PROJECT_NAME_BLANK',
  'PROJECT_DESCRIPTION_REQUIRED', 'PROJECT_DESCRIPTION_NOT_TEXT', 'PROJECT_DESCRIPTION_TOO_LONG',
  'KEY_NAME_REQUIRED', 'KEY_NAME_NOT_TEXT', 'KEY_NAME_TOO_LONG', 'KEY_NAME_CONTROL_CHARACTERS', 'KEY_NAME_BLANK',
  'KEY_EXPIRY_REQUIRED', 'KEY_EXPIRY_NOT_TEXT', 'KEY_EXPIRY_TOO_LONG',
  'KEY_REQUIRED', 'KEY_NOT_TEXT', 'KEY_TOO_LONG',
  'EXTERNAL_ID_REQUIRED', 'EXTERNAL_ID_NOT_TEXT', 'EXTERNAL_ID_TOO_LONG',
  'CODE_REQUIRED', 'CODE_NOT_TEXT', 'CODE_TOO_LONG',
  'MEMBER_ID_REQUIRED', 'MEMBER_ID_NOT_TEXT', 'MEMBER_ID_TOO_LONG',
  'ENDPOINT_URL_REQUIRED', 'ENDPOINT_URL_NOT_TEXT', 'ENDPOINT_URL_TOO_LONG',
  'ENDPOINT_DESCRIPTION_REQUIRED', 'ENDPOINT_DESCRIPTION_NOT_TEXT', 'ENDPOINT_DESCRIPTION_TOO_LONG',
  'ENDPOINT_DESCRIPTION_CONTROL_CHARACTERS', 'ENDPOINT_DESCRIPTION_BLANK',
  'PROJECT_ID_REQUIRED', 'PROJECT_ID_NOT_TEXT', 'PROJECT_ID_TOO_LONG',
  'EMAIL_INVISIBLE',
  'EMAIL_INVALID',
  'EMAIL_NOT_A_DOMAIN',
  'CODE_INVALID',
  'GRACE_PERIOD_REQUIRED',
  'GRACE_PERIOD_OUT_OF_RANGE',
  'KEY_EXPIRY_NOT_A_DATE',
  'KEY_EXPIRY_NO_SUCH_DATE',
  'ROLE_INVALID',
  'LIMIT_OUT_OF_RANGE',
  'FORMAT_INVALID',
  'EVENT_TYPE_NOT_TEXT',
  'EVENT_TYPE_EMPTY',
  'EVENT_TYPE_TOO_LONG',
  'EVENT_TYPES_NOT_A_LIST',
  'EVENT_TYPES_TOO_MANY',
  'DISABLED_NOT_A_SWITCH',
  'PAYLOAD_NOT_AN_OBJECT',
  'IDEMPOTENCY_KEY_NOT_TEXT',
  'IDEMPOTENCY_KEY_EMPTY',
  'IDEMPOTENCY_KEY_TOO_LONG',
  // Sign-up, log-in, accounts
  'WRONG_CREDENTIALS',
  'EMAIL_TAKEN',
  'PASSWORD_TOO_SHORT',
  'PASSWORD_REPEATED',
  'PASSWORD_IS_EMAIL',
  'PASSWORD_TOO_COMMON',
  'CODE_REFUSED',
  'WRONG_PASSWORD',
  'HOST_ACCOUNT_NO_PASSWORD',
  'ALREADY_VERIFIED',
  'VERIFY_EMAIL_FIRST',
  'WRONG_CODES_ACCOUNT_LIMIT',
  'WRONG_CODES_NETWORK_LIMIT',
  'SIGN_IN_CODE_REFUSED',
  // Projects, keys, usage, roles
  'PROJECT_NOT_FOUND',
  'PROJECT_LIMIT_REACHED',
  'OWNER_NEEDED',
  'ADMIN_NEEDED',
  'DEVELOPER_NEEDED',
  'MEMBER_NEEDED',
  'KEY_NOT_FOUND',
  'KEY_EXPIRED',
  'KEY_ROLLED',
  'KEY_ROLLED_EXPIRY',
  'KEY_LIMIT_FOR_ROLL',
  'KEY_EXPIRY_PAST',
  'KEY_LIMIT_REACHED',
  'DAYS_INVALID',
  // Teams and the audit log
  'INVITATION_REFUSED',
  'ALREADY_MEMBER',
  'ALREADY_INVITED',
  'OWNER_STAYS',
  'MEMBER_NOT_FOUND',
  'NOT_AN_INVITATION',
  'TRANSFER_TO_ACTIVE', 'RECIPIENT_PROJECT_LIMIT', // a transfer's: to an invitation, to a member who owns PROJECT_LIMIT projects
  'KEEP_NOT_THEIRS',
  'MEMBER_LIMIT_REACHED',
  'VERIFY_TO_INVITE',
  'INVITER_LIMIT_REACHED',
  'INVITED_ADDRESS_LIMIT_REACHED',
  'AUDIT_BEFORE_INVALID',
  INVITATION_UNKNOWN,
  // Webhooks
  'ENDPOINT_NOT_FOUND',
  'MESSAGE_NOT_FOUND',
  'ENDPOINT_DISABLED',
  WEBHOOK_SECRET_ROLL_NEEDED,
  'IDEMPOTENCY_KEY_REUSED',
  'TEST_EVENT_LIMIT_REACHED',
  'EVENT_TYPE_UNKNOWN',
  'PAYLOAD_TOO_LARGE',
  'ENDPOINT_LIMIT_REACHED',
  'ATTEMPT_BEFORE_INVALID',
  'ENDPOINT_URL_NOT_A_URL',
  'ENDPOINT_URL_SCHEME',
  'ENDPOINT_URL_CREDENTIALS',
  'ENDPOINT_URL_NO_HOST',
  'ENDPOINT_URL_PRIVATE',
  'ENDPOINT_URL_PRIVATE_HOST',
  // Request logs (POST /api/logs, GET /api/logs/{requestId}, a project's logs)
  LOG_ENTRY_INVALID,
  LOG_BATCH_TOO_LARGE,
  LOG_ENTRY_NOT_FOUND,
  LOG_CURSOR_INVALID,
  'LOGS_NOT_CONFIGURED',
  'LOG_REQUEST_ID_REQUIRED',
  'LOG_REQUEST_ID_NOT_TEXT',
  'LOG_REQUEST_ID_TOO_LONG',
  'LOG_REQUEST_ID_CONTROL_CHARACTERS',
  'LOG_REQUEST_ID_BLANK',
  'LOG_KEY_ID_REQUIRED',
  'LOG_KEY_ID_NOT_TEXT',
  'LOG_KEY_ID_TOO_LONG',
  'LOG_ROUTE_REQUIRED',
  'LOG_ROUTE_NOT_TEXT',
  'LOG_ROUTE_TOO_LONG',
  'LOG_ROUTE_CONTROL_CHARACTERS',
  'LOG_ROUTE_BLANK',
  'LOG_STATUS_OUT_OF_RANGE',
  'LOG_STATUS_REQUIRED',
  'LOG_AT_REQUIRED',
  'LOG_AT_NOT_TEXT',
  'LOG_AT_TOO_LONG',
  'LOG_AT_NOT_A_DATE',
  'LOG_AT_NO_SUCH_DATE',
  'LOG_METHOD_REQUIRED',
  'LOG_METHOD_NOT_TEXT',
  'LOG_METHOD_INVALID',
  'LOG_DURATION_REQUIRED',
  'LOG_DURATION_OUT_OF_RANGE',
  'LOG_IP_NOT_TEXT',
  'LOG_IP_TOO_LONG',
  'LOG_IP_INVALID',
  'LOG_ENTRIES_REQUIRED',
  'LOG_ENTRIES_NOT_A_LIST',
  'LOG_ENTRIES_EMPTY',
  'LOG_QUERY_KEY_TOO_LONG',
  'LOG_QUERY_STATUS_INVALID',
  'LOG_QUERY_ROUTE_TOO_LONG',
  'LOG_QUERY_BEFORE_TOO_LONG',
  'LOG_QUERY_MODE_INVALID',
  // Key restrictions (issue 50)
  'SCOPE_UNKNOWN', // a scope the catalog does not name (key create and edit)
  'SCOPES_NOT_OFFERED', // scopes sent to a server without a catalog (KEY_SCOPES_FILE unset)
  SCOPES_INVALID, // scopes neither null nor a list of scope names (POST /keys/verify: not a list of at most MAX_VERIFY_SCOPES)
  'ALLOWED_IP_INVALID', // allowedIps not a list, or an entry not an IPv4/IPv6 address or CIDR range
  'ALLOWED_IPS_TOO_MANY', // allowedIps longer than MAX_ALLOWED_IPS
  'KEY_MODE_INVALID', // mode neither live nor test
  'KEY_MODE_FIXED', // an edit tried to change a key's mode, fixed at creation (its key text carries it)
  IP_ADDRESS_INVALID, // POST /keys/verify's ip not an IPv4 or IPv6 address
  'BROAD_KEY_ROLE_NEEDED', // 403: a developer asked for a live key with a write scope or every scope
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

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
