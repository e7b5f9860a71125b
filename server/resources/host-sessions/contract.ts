import { createRoute } from '@hono/zod-openapi'
import { HostSession, SessionCodeExchange } from '../../../contract/requests'
import { AccessData, ErrorBody, SessionCode } from '../../../contract/responses'
import { bodyErrors, internalError, jsonContent, tooManyRequests, unauthorized } from '../../openapi/error-responses'

/** Host sign-in: the provider's backend asks for a code, the widget exchanges it. */

export const createSessionRoute = createRoute({
  method: 'post',
  path: '/sessions',
  tags: ['Host sign-in'],
  operationId: 'createSessionCode',
  summary: 'A single-use sign-in code for one of your own users',
  description:
    "For the API provider's backend, authenticated by the SERVICE_TOKEN the server is configured with. " +
    'The first code for an externalId creates its account (no password, never linked by e-mail to another account); ' +
    'later codes reach the same account and update its name and e-mail when given. The code works once, for SESSION_CODE_TTL_SECONDS.',
  security: [{ serviceToken: [] }],
  request: { body: { required: true, content: jsonContent(HostSession) } },
  responses: {
    201: { description: 'A code to hand to the widget.', content: jsonContent(SessionCode) },
    ...bodyErrors,
    ...unauthorized,
    ...internalError,
    503: { description: 'SERVICE_TOKEN is not set on this server, so host sign-in is off.', content: jsonContent(ErrorBody) },
  },
})

export const exchangeRoute = createRoute({
  method: 'post',
  path: '/auth/exchange',
  tags: ['Session'],
  operationId: 'exchangeSessionCode',
  summary: 'Sign in with a code from POST /sessions',
  description: 'A used, unknown or expired code gets one and the same 401 answer. Rate-limited as log-in is.',
  security: [{ deviceToken: [] }],
  request: { body: { required: true, content: jsonContent(SessionCodeExchange) } },
  responses: { 200: { description: 'Signed in.', content: jsonContent(AccessData) }, ...bodyErrors, ...unauthorized, ...tooManyRequests, ...internalError },
})
