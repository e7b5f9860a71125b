import { createRoute } from '@hono/zod-openapi'
import {
  AccountDeletion,
  CodeSent,
  EmailCode,
  EmailVerified,
  ForgotPassword,
  PasswordChange,
  PasswordReset,
  Profile,
  ProfileChange,
} from '../../../contract/accounts'
import { AccessData, ErrorBody } from '../../../contract/responses'
import {
  accessErrors,
  BAD_TOKENS,
  BAD_TOKENS_MESSAGES,
  badBody,
  errors,
  INTERNAL,
  jsonContent,
  NO_DEVICE_MESSAGES,
  NOT_JSON,
  TOO_LARGE,
  USER_LIMIT,
  type ErrorAnswer,
} from '../../openapi/error-responses'
import { THROTTLE } from '../../http/throttle'
import { PASSWORD } from '../session'
import { ACCOUNTS } from './messages'

/** Password reset, e-mail verification, the profile, sign out everywhere and account deletion. */

const BODY = { 413: TOO_LARGE, 415: NOT_JSON }
const NO_DEVICE: ErrorAnswer = {
  description: 'The device token is missing or unknown; an unknown one carries code DEVICE_UNKNOWN.',
  messages: NO_DEVICE_MESSAGES,
}
const ATTEMPTS: ErrorAnswer = {
  description: `Too many attempts from this client address or for this e-mail; Retry-After says when to try again. ${BAD_TOKENS}`,
  messages: [THROTTLE.TOO_MANY_ATTEMPTS(720), ...BAD_TOKENS_MESSAGES],
}
const WRONG_CODES: ErrorAnswer = {
  description:
    'Too many wrong codes, counted per day: 20 from one client address (an IPv6 /64; 100 from one /48), or 10,000 of one purpose (reset, verification) ' +
    'for one account from every address together. The code is not checked; Retry-After says when it will be again.',
  messages: [
    ACCOUNTS.WRONG_CODES_NETWORK_LIMIT(23 * 3600),
    ACCOUNTS.WRONG_CODES_NETWORK_LIMIT(2700),
    ACCOUNTS.WRONG_CODES_ACCOUNT_LIMIT(23 * 3600),
    ACCOUNTS.WRONG_CODES_ACCOUNT_LIMIT(2700),
  ],
}
const CODE_REFUSED = ACCOUNTS.CODE_REFUSED
const HOST_ACCOUNT = ACCOUNTS.HOST_ACCOUNT_NO_PASSWORD
const WRONG_PASSWORD: ErrorAnswer = { description: 'The password given is not the account’s.', messages: [ACCOUNTS.WRONG_PASSWORD] }
const NO_PASSWORD: ErrorAnswer = { description: 'The account signs in through its provider and has no password here.', messages: [HOST_ACCOUNT] }
const NEW_PASSWORD = [PASSWORD.PASSWORD_TOO_SHORT, PASSWORD.PASSWORD_REPEATED, PASSWORD.PASSWORD_IS_EMAIL, PASSWORD.PASSWORD_TOO_COMMON]
/** The calls that ask for the password again: a user over its fair share, or an account past its wrong passwords a window. */
const PASSWORD_CHECKS: ErrorAnswer = {
  description:
    'The user (or the client address) is over its fair share of calls per minute, or the password was wrong too often for this account in the window ' +
    '(RATE_LIMIT_PER_EMAIL); Retry-After says when to try again.',
  messages: [...USER_LIMIT.messages, THROTTLE.TOO_MANY_ATTEMPTS(720)],
}
const mailOff = {
  503: { description: 'This server cannot send e-mail (production without SMTP_URL).', content: jsonContent(ErrorBody) },
}
const access = [{ accessToken: [] }]

export const forgotPasswordRoute = createRoute({
  method: 'post',
  path: '/auth/password/forgot',
  tags: ['Account'],
  operationId: 'forgotPassword',
  summary: 'Mail a password reset code',
  description:
    'Answers the same, in the same time, whether or not an account uses the address: only an existing password account gets a mail (sent after the answer), ' +
    'with a code that works once, for CODE_TTL_SECONDS or until the password changes, and only for this device token: tries from other devices are never judged against it, so they cannot burn it. ' +
    'It is burned after 5 wrong tries from this device; a new code for this device replaces the last. ' +
    'Limited per client address and per e-mail; a device that has signed in to the account before counts on its own.',
  security: [{ deviceToken: [] }],
  request: { body: { required: true, content: jsonContent(ForgotPassword) } },
  responses: {
    202: { description: 'Accepted.', content: jsonContent(CodeSent) },
    ...errors({ 400: badBody(ForgotPassword), 401: NO_DEVICE, 429: ATTEMPTS, 500: INTERNAL, ...BODY }),
    ...mailOff,
  },
})

export const resetPasswordRoute = createRoute({
  method: 'post',
  path: '/auth/password/reset',
  tags: ['Account'],
  operationId: 'resetPassword',
  summary: 'Set a new password with a mailed code, and sign in',
  description:
    'The code is judged only against the one mailed for this device token. A wrong, used, burned or expired code gets one and the same 400. ' +
    'On success every other session of the account ends, the old password stops working, ' +
    'the address counts as verified, and the answer is the log-in’s.',
  security: [{ deviceToken: [] }],
  request: { body: { required: true, content: jsonContent(PasswordReset) } },
  responses: {
    200: { description: 'Password changed; signed in.', content: jsonContent(AccessData) },
    ...errors({
      400: badBody(PasswordReset, [CODE_REFUSED, ...NEW_PASSWORD]),
      401: NO_DEVICE,
      429: { description: `${ATTEMPTS.description} Or: ${WRONG_CODES.description}`, messages: [...ATTEMPTS.messages, ...WRONG_CODES.messages] },
      500: INTERNAL,
      ...BODY,
    }),
    ...mailOff,
  },
})

export const sendVerificationRoute = createRoute({
  method: 'post',
  path: '/auth/email/verify/send',
  tags: ['Account'],
  operationId: 'sendEmailVerification',
  summary: 'Mail a new code to verify the account’s e-mail',
  security: access,
  responses: {
    202: { description: 'A code is on its way.', content: jsonContent(CodeSent) },
    ...accessErrors({
      409: {
        description: 'The address is already verified, or the account signs in through its provider and has no address of its own here.',
        messages: [ACCOUNTS.ALREADY_VERIFIED, HOST_ACCOUNT],
      },
      429: {
        description: 'A user over its fair share, or the account asked for RATE_LIMIT_PER_EMAIL codes in the window; Retry-After says when to try again.',
        messages: [...USER_LIMIT.messages, THROTTLE.TOO_MANY_ATTEMPTS(720)],
      },
    }),
    ...mailOff,
  },
})

export const verifyEmailRoute = createRoute({
  method: 'post',
  path: '/auth/email/verify',
  tags: ['Account'],
  operationId: 'verifyEmail',
  summary: 'Verify the account’s e-mail with the mailed code',
  description: 'A wrong, used, burned or expired code gets one and the same 400. An address already verified answers 200 again, whatever the code.',
  security: access,
  request: { body: { required: true, content: jsonContent(EmailCode) } },
  responses: {
    200: { description: 'Verified.', content: jsonContent(EmailVerified) },
    ...accessErrors({
      400: badBody(EmailCode, [CODE_REFUSED]),
      // Already verified answers 200 again (a second tab, a retry): only an account with no address of its own here is refused.
      409: { description: 'The account signs in through its provider and has no address of its own here.', messages: [HOST_ACCOUNT] },
      429: { description: `A user over its fair share, or: ${WRONG_CODES.description}`, messages: [...USER_LIMIT.messages, ...WRONG_CODES.messages] },
      ...BODY,
    }),
  },
})

export const getProfileRoute = createRoute({
  method: 'get',
  path: '/me',
  tags: ['Account'],
  operationId: 'getProfile',
  summary: 'The signed-in account',
  security: access,
  responses: { 200: { description: 'The account.', content: jsonContent(Profile) }, ...accessErrors({}) },
})

export const updateProfileRoute = createRoute({
  method: 'patch',
  path: '/me',
  tags: ['Account'],
  operationId: 'updateProfile',
  summary: 'Rename the account',
  security: access,
  request: { body: { required: true, content: jsonContent(ProfileChange) } },
  responses: {
    200: { description: 'The account as it is now.', content: jsonContent(Profile) },
    ...accessErrors({ 400: badBody(ProfileChange), ...BODY }),
  },
})

export const changePasswordRoute = createRoute({
  method: 'post',
  path: '/me/password',
  tags: ['Account'],
  operationId: 'changePassword',
  summary: 'Change the password',
  description: 'Needs the current password (403 when wrong). Every other session of the account ends; this one stays.',
  security: access,
  request: { body: { required: true, content: jsonContent(PasswordChange) } },
  responses: {
    204: { description: 'Changed.' },
    ...accessErrors({ 400: badBody(PasswordChange, NEW_PASSWORD), 403: WRONG_PASSWORD, 409: NO_PASSWORD, 429: PASSWORD_CHECKS, ...BODY }),
  },
})

export const logoutAllRoute = createRoute({
  method: 'post',
  path: '/auth/logout-all',
  tags: ['Session'],
  operationId: 'logoutAll',
  summary: 'Sign out everywhere',
  description: 'Revokes every access token of the account, this one included.',
  security: access,
  responses: { 204: { description: 'Every session has ended.' }, ...accessErrors({}) },
})

export const deleteAccountRoute = createRoute({
  method: 'delete',
  path: '/me',
  tags: ['Account'],
  operationId: 'deleteAccount',
  summary: 'Delete the account, its projects and keys',
  description:
    'Needs the password (403 when wrong; nothing is removed). The account’s keys stop verifying at once on every instance, as a deleted key does. ' +
    'An account made by host sign-in has no password: 409, its provider deletes it (DELETE /sessions/{externalId}).',
  security: access,
  request: { body: { required: true, content: jsonContent(AccountDeletion) } },
  responses: {
    204: { description: 'Deleted.' },
    ...accessErrors({ 400: badBody(AccountDeletion), 403: WRONG_PASSWORD, 409: NO_PASSWORD, 429: PASSWORD_CHECKS, ...BODY }),
  },
})
