import { createRoute } from '@hono/zod-openapi'
import { DeviceRegistration, LogIn, SignUp } from '../../../contract/requests'
import { AccessData, DeviceToken } from '../../../contract/responses'
import { bodyErrors, conflict, internalError, jsonContent, managedErrors, tooManyRequests, unauthorized } from '../../openapi/error-responses'

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
  responses: { 201: { description: 'Device registered.', content: jsonContent(DeviceToken) }, ...bodyErrors, ...tooManyRequests, ...internalError },
})

const signInErrors = { ...bodyErrors, ...unauthorized, ...tooManyRequests, ...internalError }

export const registerRoute = createRoute({
  method: 'post',
  path: '/register',
  tags: ['Session'],
  operationId: 'register',
  summary: 'Create an account and sign in',
  security: [{ deviceToken: [] }],
  request: { body: { required: true, content: jsonContent(SignUp) } },
  responses: { 200: { description: 'Signed up and signed in.', content: jsonContent(AccessData) }, ...signInErrors, ...conflict },
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
  responses: { 200: { description: 'Signed in.', content: jsonContent(AccessData) }, ...signInErrors },
})

export const logoutRoute = createRoute({
  method: 'post',
  path: '/auth/logout',
  tags: ['Session'],
  operationId: 'logout',
  summary: 'Sign out: revoke the access token',
  description: 'The token answers 401 on every call from then on, wherever a copy of it is.',
  security: [{ accessToken: [] }],
  responses: { 204: { description: 'Signed out; the token is revoked.' }, ...managedErrors },
})
