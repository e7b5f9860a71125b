import type { ErrorCode } from '../../contract/error-codes'
import type { server } from './en/server'

type Id = keyof typeof server

/**
 * The server's errors the widget shows in the reader's language, by their
 * stable code (contract/error-codes.ts ERROR_CODES): the checks of its forms'
 * fields, the password rule, those forms' refusals (the endpoint dialog's, a project's description, a
 * project gone while its page was open, the project, key and member limits, the invitations', the project limit of a
 * transfer's new owner, an address not verified yet), the request log's query checks, the limits' and
 * a restart's refusals, and the HTTP layer's (a request too slow, a head too large). An error with another
 * code, or none (a server that sends none), is shown as the server wrote it.
 * Fetched only when a reader's texts are not the English ones.
 */
const BY_CODE: Partial<Record<ErrorCode, Id>> = {
  NAME_REQUIRED: 'server.name.required',
  NAME_TOO_LONG: 'server.name.tooLong',
  NAME_CONTROL_CHARACTERS: 'server.name.control',
  NAME_BLANK: 'server.name.blank',
  EMAIL_REQUIRED: 'server.email.required',
  EMAIL_TOO_LONG: 'server.email.tooLong',
  EMAIL_INVISIBLE: 'server.email.invisible',
  EMAIL_INVALID: 'server.email.invalid',
  EMAIL_NOT_A_DOMAIN: 'server.email.domain',
  PASSWORD_REQUIRED: 'server.password.required',
  PASSWORD_TOO_LONG: 'server.password.tooLong',
  PASSWORD_TOO_SHORT: 'server.password.tooShort',
  PASSWORD_REPEATED: 'server.password.repeated',
  PASSWORD_IS_EMAIL: 'server.password.isEmail',
  PASSWORD_TOO_COMMON: 'server.password.common',
  NEW_PASSWORD_REQUIRED: 'server.newPassword.required',
  NEW_PASSWORD_TOO_LONG: 'server.newPassword.tooLong',
  CURRENT_PASSWORD_REQUIRED: 'server.currentPassword.required',
  CURRENT_PASSWORD_TOO_LONG: 'server.currentPassword.tooLong',
  CODE_REQUIRED: 'server.code.required',
  CODE_TOO_LONG: 'server.code.tooLong',
  CODE_INVALID: 'server.code.invalid',
  CODE_REFUSED: 'server.code.refused',
  WRONG_CREDENTIALS: 'server.wrongCredentials',
  EMAIL_TAKEN: 'server.emailTaken',
  WRONG_PASSWORD: 'server.wrongPassword',
  ENDPOINT_DESCRIPTION_CONTROL_CHARACTERS: 'server.endpoint.description.control',
  ENDPOINT_DESCRIPTION_BLANK: 'server.endpoint.description.blank',
  ENDPOINT_URL_NOT_A_URL: 'server.endpoint.url.notUrl',
  ENDPOINT_URL_SCHEME: 'server.endpoint.url.scheme',
  ENDPOINT_URL_CREDENTIALS: 'server.endpoint.url.credentials',
  ENDPOINT_URL_NO_HOST: 'server.endpoint.url.noHost',
  ENDPOINT_URL_PRIVATE: 'server.endpoint.url.private',
  ENDPOINT_URL_PRIVATE_HOST: 'server.endpoint.url.privateHost',
  ENDPOINT_LIMIT_REACHED: 'server.endpoint.limit',
  PROJECT_NOT_FOUND: 'server.project.notFound',
  PROJECT_DESCRIPTION_CONTROL_CHARACTERS: 'server.project.description.control',
  PROJECT_DESCRIPTION_BLANK: 'server.project.description.blank',
  PROJECT_LIMIT_REACHED: 'server.project.limit',
  KEY_LIMIT_REACHED: 'server.key.limit',
  KEY_LIMIT_FOR_ROLL: 'server.key.limitForRoll',
  ALREADY_MEMBER: 'server.member.already',
  ALREADY_INVITED: 'server.member.invited',
  MEMBER_LIMIT_REACHED: 'server.member.limit',
  RECIPIENT_PROJECT_LIMIT: 'server.member.recipientLimit',
  VERIFY_TO_INVITE: 'server.invite.verify',
  VERIFY_EMAIL_FIRST: 'server.verifyFirst',
  HOST_EMAIL_UNVERIFIED: 'server.invite.hostUnverified',
  INVITER_LIMIT_REACHED: 'server.invite.inviterLimit',
  INVITED_ADDRESS_LIMIT_REACHED: 'server.invite.addressLimit',
  LOG_QUERY_KEY_TOO_LONG: 'server.logs.key',
  LOG_QUERY_STATUS_INVALID: 'server.logs.status',
  LOG_QUERY_ROUTE_TOO_LONG: 'server.logs.route',
  LOG_REQUEST_ID_TOO_LONG: 'server.logs.requestId',
  LOG_METHOD_INVALID: 'server.logs.method',
  LOG_DURATION_OUT_OF_RANGE: 'server.logs.slowerThan',
  LOG_QUERY_BEFORE_TOO_LONG: 'server.logs.before',
  LOG_CURSOR_INVALID: 'server.logs.cursor',
  LOG_QUERY_MODE_INVALID: 'server.logs.mode',
  LIMIT_OUT_OF_RANGE: 'server.limit',
  DAYS_INVALID: 'server.days',
  TOO_MANY_ATTEMPTS: 'server.tooManyAttempts',
  TOO_MANY_REQUESTS: 'server.tooManyRequests',
  ACCOUNT_UNDER_ATTACK: 'server.accountUnderAttack',
  SERVER_RESTARTING: 'server.restarting',
  REQUEST_TIMEOUT: 'server.requestTimeout',
  HEADERS_TOO_LARGE: 'server.headersTooLarge',
}

/** Codes whose wait is a day's budget, which the server says in hours or days (its longWaitWords): so does their translation. */
export const LONG_WAITS = new Set<string>(['INVITER_LIMIT_REACHED', 'INVITED_ADDRESS_LIMIT_REACHED'])

/** Codes whose text says how long to wait: translated only with the answer's Retry-After to say it. */
const WAITS = new Set<string>(['TOO_MANY_ATTEMPTS', 'TOO_MANY_REQUESTS', 'ACCOUNT_UNDER_ATTACK', ...LONG_WAITS])

/** The catalog id of an error the widget translates, by its code, else undefined. */
export const knownCode = ({ code, retryAfter }: { code?: string; retryAfter?: number }): Id | undefined =>
  code === undefined || (WAITS.has(code) && !retryAfter) ? undefined : BY_CODE[code as ErrorCode]
