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

/** Why `POST /keys/verify` refuses a key: no such key, or it has expired. */
export const VERIFY_REFUSALS = ['NOT_FOUND', 'EXPIRED'] as const
export type VerifyRefusal = (typeof VERIFY_REFUSALS)[number]

/**
 * `POST /keys/verify`'s answer, for `flex-portal/verify`, which has no zod:
 * contract/responses.ts checks that its schema's type is exactly this one.
 */
export type Verification = { valid: true; keyId: string; projectId: string; name: string; expiresAt: string | null } | { valid: false; code: VerifyRefusal }

/** A device token the server does not know (its data was reset): register the device again. */
export const DEVICE_UNKNOWN = 'DEVICE_UNKNOWN'
/** A project created before webhooks, whose secret is stored only as a hash: roll it before adding an endpoint. */
export const WEBHOOK_SECRET_ROLL_NEEDED = 'WEBHOOK_SECRET_ROLL_NEEDED'
/** The invitation to decline is not one pending to the caller's verified address (unknown, used, revoked, expired or another's). */
export const INVITATION_UNKNOWN = 'INVITATION_UNKNOWN'
/** The stable reasons an error answer may carry beside its message (`code`), for a client to act on. */
export const ERROR_CODES = [DEVICE_UNKNOWN, WEBHOOK_SECRET_ROLL_NEEDED, INVITATION_UNKNOWN] as const

/** What a server may offer beyond the specification's calls (`GET /capabilities`); the widget hides any it does not name. */
export const FEATURES = ['webhooks', 'accounts', 'mail', 'usage', 'project-settings', 'teams'] as const
export type Feature = (typeof FEATURES)[number]
