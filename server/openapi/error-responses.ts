/**
 * The error answers, shared by the operations as components/responses. Every
 * error is JSON `{ message }` (and, for an unknown device, a `code`).
 */
const json = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } }

export const ERROR_RESPONSES = {
  BadRequest: {
    description:
      'Malformed JSON, a missing field, a wrong type, a value out of bounds, a password the rule refuses, or text that cannot be stored (a NUL byte or an unpaired surrogate, in a field or the path).',
    content: json,
  },
  Unauthorized: {
    description:
      'Missing, unknown, expired or revoked token, a token of the wrong kind, (authenticate) wrong credentials, (exchange) a used, unknown or expired code, or (verify, sessions) a missing or wrong service token. An unknown device token carries code DEVICE_UNKNOWN.',
    headers: { 'WWW-Authenticate': { description: 'Sent when the bearer token is the problem.', schema: { type: 'string' } } },
    content: json,
  },
  Forbidden: {
    description:
      'A wrong password where the call asks for it again (password change, account deletion), or (REQUIRE_VERIFIED_EMAIL) project or key creation before the account’s e-mail is verified.',
    content: json,
  },
  NotFound: { description: 'No such project (or not the caller’s), or no such key.', content: json },
  Conflict: {
    description:
      'E-mail already registered, the project holds the most keys allowed, the account the most projects (PROJECT_LIMIT), (edit, roll) the key has expired, or (account calls) the e-mail is already verified or the account signs in through its provider and has no password.',
    content: json,
  },
  PayloadTooLarge: { description: 'The body is over 64 kB.', content: json },
  UnsupportedMediaType: { description: 'The body is not sent as application/json.', content: json },
  TooManyRequests: {
    description:
      'Too many attempts from this client or failed log-ins for this e-mail from this client (or, for /device, registrations from this client), or a user over their fair share of calls or project creations.',
    headers: { 'Retry-After': { description: 'Seconds to wait.', required: true, schema: { type: 'integer' } } },
    content: json,
  },
  InternalError: { description: 'Something failed on the server; details are only in its log.', content: json },
} as const

type ErrorName = keyof typeof ERROR_RESPONSES
const ref = (name: ErrorName) => ({ $ref: `#/components/responses/${name}` })

/** Errors of every call that reads a JSON body. */
export const bodyErrors = { 400: ref('BadRequest'), 413: ref('PayloadTooLarge'), 415: ref('UnsupportedMediaType') }
/** Errors of every call behind an access token. */
export const managedErrors = { 400: ref('BadRequest'), 401: ref('Unauthorized'), 429: ref('TooManyRequests'), 500: ref('InternalError') }
/** Every call: a path or query that holds text that cannot be stored. */
export const badRequest = { 400: ref('BadRequest') }
export const unauthorized = { 401: ref('Unauthorized') }
export const forbidden = { 403: ref('Forbidden') }
export const notFound = { 404: ref('NotFound') }
export const conflict = { 409: ref('Conflict') }
export const tooManyRequests = { 429: ref('TooManyRequests') }
export const internalError = { 500: ref('InternalError') }

/** A body of `schema`, described by `description`. */
export const jsonContent = <S>(schema: S) => ({ 'application/json': { schema } })
