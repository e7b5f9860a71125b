import type { z } from 'zod'
import type { ErrorCode } from '../../contract/error-codes'
import { AUTH } from '../http/auth'
import { FRAMING } from '../http/body-limit'
import { COMMON, codeOf, errorBody, errorTable, type Coded } from '../http/errors'
import { SERVICE_TOKEN } from '../http/service-token'
import { ADDRESS } from '../http/storable'
import { THROTTLE } from '../http/throttle'
import { BODY } from '../http/validate'
import { bodyMessages } from './schema-messages'

/**
 * The error answers, shared by the operations as components/responses. Every
 * error is JSON `{ message, code }`: the code is the stable reason to match.
 */
const json = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } }

/** Every call, while the server drains for a stop (a deploy): new requests are answered at once, and asked to come back. */
export const RESTARTING = 'The server is restarting (code SERVER_RESTARTING): Retry-After says when to try again.'
export const RESTARTING_EXAMPLE = { summary: COMMON.SERVER_RESTARTING.message, value: errorBody(COMMON.SERVER_RESTARTING) }

/** The Error body with one message as its example. */
function withExample(error: Coded) {
  return { 'application/json': { schema: json['application/json'].schema, examples: { message1: { summary: error.message, value: errorBody(error) } } } }
}

export const ERROR_RESPONSES = {
  BadRequest: {
    description: 'The request is malformed: the message says what to change.',
    content: json,
  },
  Unauthorized: {
    description: 'The credential the call needs is missing or not accepted: the message says which.',
    headers: { 'WWW-Authenticate': { description: 'Sent when the bearer token is the problem.', schema: { type: 'string' } } },
    content: json,
  },
  Forbidden: { description: 'The call is refused to this caller: the message says why.', content: json },
  NotFound: { description: 'No such resource, or not the caller’s.', content: json },
  Conflict: { description: 'The resource is not in a state that allows the call: the message says why.', content: json },
  PayloadTooLarge: { description: 'The body is over 64 kB.', content: json },
  // Answered by every call ahead of its route (http/body-limit.ts), whether it reads a body or not: openApiDocument puts
  // these two on each operation that has no answer of its own for the status.
  BodyTooLarge: {
    description: 'The request carries a body over 64 kB (by its Content-Length, or as read), refused before the call is made, also by a call that reads none.',
    content: withExample(BODY.BODY_TOO_LARGE(64)),
  },
  TransferCodingUnsupported: {
    description:
      'The request is sent with a Transfer-Encoding other than plain `chunked` (such as `gzip, chunked`), which the server does not read: send the body chunked alone, or with a Content-Length.',
    content: withExample(FRAMING.BODY_ENCODING_UNSUPPORTED('gzip, chunked')),
  },
  UnsupportedMediaType: {
    description: 'The body is not sent as application/json, or is sent compressed (a Content-Encoding other than identity).',
    content: json,
  },
  TooManyRequests: {
    description: 'Too many calls: Retry-After says when to try again.',
    headers: { 'Retry-After': { description: 'Seconds to wait.', required: true, schema: { type: 'integer' } } },
    content: json,
  },
  InternalError: { description: 'Something failed on the server; details are only in its log.', content: json },
  Restarting: {
    description: RESTARTING,
    headers: { 'Retry-After': { description: 'Seconds to wait.', required: true, schema: { type: 'integer' } } },
    content: { 'application/json': { schema: json['application/json'].schema, examples: { restarting: RESTARTING_EXAMPLE } } },
  },
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

// ---- one operation's own error answers ----

type Status = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 503

/** What an operation's error means for that call, and the messages it really answers with (as written, or with a sample number). */
export interface ErrorAnswer {
  description: string
  /** A table's entry (`TABLE.CODE`, or `TABLE.CODE(figures)`), or a fixed message a table or a field check words. */
  messages: readonly (Coded | string)[]
}

const HEADERS: Partial<Record<Status, Record<string, unknown>>> = {
  401: ERROR_RESPONSES.Unauthorized.headers,
  429: ERROR_RESPONSES.TooManyRequests.headers,
}

/**
 * An operation's error answers, each described for that call with its real
 * messages as named examples, instead of one shared list that says what some
 * other call may answer (GET /health does not refuse a password).
 */
export function errors(answers: Partial<Record<Status, ErrorAnswer>>) {
  return Object.fromEntries(
    Object.entries(answers).map(([status, { description, messages }]) => [
      status,
      {
        description,
        ...(HEADERS[Number(status) as Status] ? { headers: HEADERS[Number(status) as Status] } : {}),
        content: {
          'application/json': {
            schema: { $ref: '#/components/schemas/Error' },
            examples: Object.fromEntries(
              (status === '400' ? withAddress(messages) : messages)
                .map(coded)
                .map(({ message, code }, i) => [`message${i + 1}`, { summary: message, value: { message, code } }]),
            ),
          },
        },
      },
    ]),
  )
}

/**
 * A 400's messages with both of the address's: every call that documents a 400
 * checks its address before anything else (app.ts; the health check has no
 * 400), so no operation's own 400 can leave them out.
 */
const withAddress = (messages: ErrorAnswer['messages']) => [...messages, ...BAD_ADDRESS_MESSAGES.filter((m) => !messages.includes(m))]

/**
 * A documented message with its code: a table's entry as it is, a fixed message
 * with the code its table or field check gives it. A message worded nowhere
 * (written only at its throw) is shown without a code, and openapi.test.ts
 * names it: document the table's entry, or `{ code, message }`.
 */
function coded(m: Coded | string): { message: string; code?: ErrorCode } {
  return typeof m === 'string' ? { message: m, code: codeOf(m) } : m
}

/** The messages of every call that reads a JSON body, before its own fields are checked (a sample field named where one is). */
export const BODY_MESSAGES = [BODY.BODY_INVALID_JSON, BODY.BODY_NOT_AN_OBJECT, BODY.BODY_TOO_DEEP, BODY.BODY_NOT_STORABLE('name')] as const

export const TOO_LARGE: ErrorAnswer = { description: 'The body is over 64 kB.', messages: [BODY.BODY_TOO_LARGE(64)] }
export const NOT_JSON: ErrorAnswer = {
  description: 'The body is not sent as application/json, or is sent compressed (a Content-Encoding other than identity).',
  messages: [BODY.BODY_NOT_JSON, BODY.BODY_ENCODING_UNSUPPORTED('gzip')],
}
export const INTERNAL: ErrorAnswer = { description: 'Something failed on the server; details are only in its log.', messages: [COMMON.INTERNAL_ERROR] }
/** A path or query holding text no database stores: every call but health checks its address (every 400 lists these: errors()). */
export const BAD_ADDRESS_MESSAGES = [ADDRESS.ADDRESS_NOT_STORABLE, ADDRESS.ADDRESS_MALFORMED] as const

/** The 400 of a call with no body: only its address can be refused. */
export const BAD_ADDRESS: ErrorAnswer = { description: 'The path or query holds text that cannot be stored.', messages: BAD_ADDRESS_MESSAGES }

/** A call behind the user's access token: no token, or one that is unknown, expired or revoked. */
export const NO_SESSION: ErrorAnswer = {
  description:
    'The access token is missing, or not sent as `Authorization: Bearer <token>` (AUTH_REQUIRED); or it is unknown, expired or revoked (signed out: SESSION_EXPIRED). The widget signs out and asks for a new log-in.',
  messages: [AUTH.AUTH_REQUIRED, AUTH.SESSION_EXPIRED],
}

/** A call behind the user's access token: its fair share of calls, and its client address's. */
export const USER_LIMIT: ErrorAnswer = {
  description: 'The user (or the client address) is over its fair share of calls per minute; Retry-After says when to try again.',
  messages: [THROTTLE.TOO_MANY_REQUESTS(30)],
}

/** A call behind the device token: none, or one the server does not know (the answer then carries code DEVICE_UNKNOWN). */
export const NO_DEVICE_MESSAGES = [AUTH.AUTH_REQUIRED, AUTH.DEVICE_UNKNOWN] as const

/**
 * A call behind the device token from a client address past its budget of unknown tokens (RATE_LIMIT_BAD_TOKENS_PER_IP):
 * refused before its token is looked up (http/address-limit.ts), whatever the call.
 */
export const BAD_TOKENS = 'Or the client address sent too many unknown or expired tokens (RATE_LIMIT_BAD_TOKENS_PER_IP).'
export const BAD_TOKENS_MESSAGES = [THROTTLE.TOO_MANY_REQUESTS(8)] as const

/** The provider's calls: the SERVICE_TOKEN bearer is missing or wrong. */
export const NO_SERVICE_TOKEN: ErrorAnswer = {
  description: 'Authorization is not `Bearer <SERVICE_TOKEN>`.',
  messages: [SERVICE_TOKEN.SERVICE_TOKEN_REQUIRED],
}

/** The errors of every call behind the user's access token, with the call's own (its body's 400, its 404, 409…) over them. */
export const accessErrors = (own: Partial<Record<Status, ErrorAnswer>>) => errors({ 400: BAD_ADDRESS, 401: NO_SESSION, 429: USER_LIMIT, 500: INTERNAL, ...own })

/**
 * A JSON body's 400: the messages of any body, then every refusal its schema
 * words (read from it: bodyMessages), then the call's own (`refusals`: what its
 * route checks beyond the schema, such as a password's strength).
 */
export const badBody = (
  schema: z.ZodType,
  refusals: readonly (Coded | string)[] = [],
  description = 'The body is not a JSON object with the fields above, or a field is refused; the message names it.',
): ErrorAnswer => ({
  description,
  messages: [...BODY_MESSAGES, ...bodyMessages(schema), ...refusals],
})

/** REQUIRE_VERIFIED_EMAIL's refusal (thrown by the accounts' gate), here because projects, keys and webhooks document it too. */
export const VERIFIED_EMAIL = errorTable({
  VERIFY_EMAIL_FIRST: 'Verify your e-mail address first: we sent you a code. You can ask for a new one from your profile.',
})

/** REQUIRE_VERIFIED_EMAIL: creating a project, a key or a webhook endpoint, rolling a key or the webhook secret, sending a test event or a resend, before the account's e-mail is verified. */
export const UNVERIFIED: ErrorAnswer = {
  description: 'REQUIRE_VERIFIED_EMAIL is on and the account’s e-mail address is not verified yet.',
  messages: [VERIFIED_EMAIL.VERIFY_EMAIL_FIRST],
}
