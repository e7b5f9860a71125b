import { createRoute } from '@hono/zod-openapi'
import { DeviceRegistration, LogIn, SignUp } from '../../../contract/requests'
import { AccessData, DeviceToken } from '../../../contract/responses'
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
} from '../../openapi/error-responses'
import { THROTTLE } from '../../http/throttle'
import { GUARD } from './login-guard'
import { PASSWORD } from './password-policy'
import { SESSION } from './errors'

/** The device, sign-up, log-in and sign-out calls. */

export const registerDeviceRoute = createRoute({
  method: 'post',
  path: '/device',
  tags: ['Session'],
  operationId: 'registerDevice',
  summary: 'Register an anonymous device',
  description: 'Returns a device token, the bearer credential for register and authenticate. Anyone may call it.',
  security: [],
  request: { body: { required: true, content: jsonContent(DeviceRegistration) } },
  responses: {
    201: { description: 'Device registered.', content: jsonContent(DeviceToken) },
    ...errors({
      400: badBody(DeviceRegistration),
      413: TOO_LARGE,
      415: NOT_JSON,
      429: { description: 'Too many device registrations from this client address in the window.', messages: [THROTTLE.TOO_MANY_ATTEMPTS(720)] },
      500: INTERNAL,
    }),
  },
})

/** The device token is missing or unknown (an unknown one carries code DEVICE_UNKNOWN: the widget registers again). */
const NO_DEVICE = { description: 'The device token is missing or unknown; an unknown one carries code DEVICE_UNKNOWN.', messages: NO_DEVICE_MESSAGES }
const SIGN_IN_LIMIT = {
  description: `Too many attempts from this client address, too many failed log-ins for this e-mail, or an account under attack; Retry-After says when to try again. ${BAD_TOKENS}`,
  messages: [THROTTLE.TOO_MANY_ATTEMPTS(720), GUARD.ACCOUNT_UNDER_ATTACK(2700), ...BAD_TOKENS_MESSAGES],
}

export const registerRoute = createRoute({
  method: 'post',
  path: '/register',
  tags: ['Session'],
  operationId: 'register',
  summary: 'Create an account and sign in',
  security: [{ deviceToken: [] }],
  request: { body: { required: true, content: jsonContent(SignUp) } },
  responses: {
    200: { description: 'Signed up and signed in.', content: jsonContent(AccessData) },
    ...errors({
      400: badBody(
        SignUp,
        [PASSWORD.PASSWORD_TOO_SHORT, PASSWORD.PASSWORD_REPEATED, PASSWORD.PASSWORD_TOO_COMMON, PASSWORD.PASSWORD_IS_EMAIL],
        'The body is refused, or the password breaks the rule (at least 8 characters, not a common or breached password, not the e-mail address, not one character repeated).',
      ),
      401: NO_DEVICE,
      409: { description: 'An account with this e-mail exists.', messages: [SESSION.EMAIL_TAKEN] },
      413: TOO_LARGE,
      415: NOT_JSON,
      429: SIGN_IN_LIMIT,
      500: INTERNAL,
    }),
  },
})

export const authenticateRoute = createRoute({
  method: 'post',
  path: '/auth/authenticate',
  tags: ['Session'],
  operationId: 'authenticate',
  summary: 'Sign in',
  description: 'An unknown e-mail and a wrong password get the same 401 answer.',
  security: [{ deviceToken: [] }],
  request: { body: { required: true, content: jsonContent(LogIn) } },
  responses: {
    200: { description: 'Signed in.', content: jsonContent(AccessData) },
    ...errors({
      400: badBody(LogIn),
      401: {
        description: 'Wrong e-mail or password (the same answer for both), or the device token is missing or unknown.',
        messages: [SESSION.WRONG_CREDENTIALS, ...NO_DEVICE_MESSAGES],
      },
      413: TOO_LARGE,
      415: NOT_JSON,
      429: SIGN_IN_LIMIT,
      500: INTERNAL,
    }),
  },
})

export const logoutRoute = createRoute({
  method: 'post',
  path: '/auth/logout',
  tags: ['Session'],
  operationId: 'logout',
  summary: 'Sign out: revoke the access token',
  description: 'The token answers 401 on every call from then on, wherever a copy of it is.',
  security: [{ accessToken: [] }],
  responses: { 204: { description: 'Signed out; the token is revoked.' }, ...accessErrors({}) },
})
