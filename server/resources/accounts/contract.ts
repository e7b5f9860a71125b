import { createRoute } from '@hono/zod-openapi'
import {
  AccountDeletion,
  Accepted,
  EmailCode,
  EmailVerified,
  ForgotPassword,
  PasswordChange,
  PasswordReset,
  Profile,
  ProfileChange,
} from '../../../contract/accounts'
import { AccessData, ErrorBody } from '../../../contract/responses'
import { bodyErrors, conflict, forbidden, internalError, jsonContent, managedErrors, tooManyRequests, unauthorized } from '../../openapi/error-responses'

/** Password reset, e-mail verification, the profile, sign out everywhere and account deletion. */

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
    'with a code that works once, for CODE_TTL_SECONDS, and is burned after 5 wrong tries. A new code replaces the last. Limited per client address and per e-mail.',
  security: [{ deviceToken: [] }],
  request: { body: { required: true, content: jsonContent(ForgotPassword) } },
  responses: {
    202: { description: 'Accepted.', content: jsonContent(Accepted) },
    ...bodyErrors,
    ...unauthorized,
    ...tooManyRequests,
    ...internalError,
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
    'A wrong, used, burned or expired code gets one and the same 400. On success every other session of the account ends, the old password stops working, ' +
    'the address counts as verified, and the answer is the log-in’s.',
  security: [{ deviceToken: [] }],
  request: { body: { required: true, content: jsonContent(PasswordReset) } },
  responses: {
    200: { description: 'Password changed; signed in.', content: jsonContent(AccessData) },
    ...bodyErrors,
    ...unauthorized,
    ...tooManyRequests,
    ...internalError,
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
  responses: { 202: { description: 'A code is on its way.', content: jsonContent(Accepted) }, ...managedErrors, ...conflict, ...mailOff },
})

export const verifyEmailRoute = createRoute({
  method: 'post',
  path: '/auth/email/verify',
  tags: ['Account'],
  operationId: 'verifyEmail',
  summary: 'Verify the account’s e-mail with the mailed code',
  description: 'A wrong, used, burned or expired code gets one and the same 400.',
  security: access,
  request: { body: { required: true, content: jsonContent(EmailCode) } },
  responses: { 200: { description: 'Verified.', content: jsonContent(EmailVerified) }, ...bodyErrors, ...managedErrors, ...conflict },
})

export const getProfileRoute = createRoute({
  method: 'get',
  path: '/me',
  tags: ['Account'],
  operationId: 'getProfile',
  summary: 'The signed-in account',
  security: access,
  responses: { 200: { description: 'The account.', content: jsonContent(Profile) }, ...managedErrors },
})

export const updateProfileRoute = createRoute({
  method: 'patch',
  path: '/me',
  tags: ['Account'],
  operationId: 'updateProfile',
  summary: 'Rename the account',
  security: access,
  request: { body: { required: true, content: jsonContent(ProfileChange) } },
  responses: { 200: { description: 'The account as it is now.', content: jsonContent(Profile) }, ...bodyErrors, ...managedErrors },
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
  responses: { 204: { description: 'Changed.' }, ...bodyErrors, ...managedErrors, ...forbidden, ...conflict },
})

export const logoutAllRoute = createRoute({
  method: 'post',
  path: '/auth/logout-all',
  tags: ['Session'],
  operationId: 'logoutAll',
  summary: 'Sign out everywhere',
  description: 'Revokes every access token of the account, this one included.',
  security: access,
  responses: { 204: { description: 'Every session has ended.' }, ...managedErrors },
})

export const deleteAccountRoute = createRoute({
  method: 'delete',
  path: '/me',
  tags: ['Account'],
  operationId: 'deleteAccount',
  summary: 'Delete the account, its projects and keys',
  description:
    'Needs the password (403 when wrong; nothing is removed). The account’s keys stop verifying at once on every instance, as a deleted key does. ' +
    'An account made by host sign-in has no password: 409, its provider removes it.',
  security: access,
  request: { body: { required: true, content: jsonContent(AccountDeletion) } },
  responses: { 204: { description: 'Deleted.' }, ...bodyErrors, ...managedErrors, ...forbidden, ...conflict },
})
