import { createRoute, z } from '@hono/zod-openapi'
import { HostSession, SessionCodeExchange } from '../../../contract/requests'
import { AccessData, ErrorBody, SessionCode } from '../../../contract/responses'
import {
  BAD_ADDRESS,
  BAD_TOKENS,
  BAD_TOKENS_MESSAGES,
  badBody,
  errors,
  INTERNAL,
  jsonContent,
  NO_DEVICE_MESSAGES,
  NO_SERVICE_TOKEN,
  NOT_JSON,
  TOO_LARGE,
} from '../../openapi/error-responses'
import { codeSamples } from '../../openapi/code-samples'
import { THROTTLE } from '../../http/throttle'
import { HOST } from './errors'

/** Host sign-in: the provider's backend asks for a code, the widget exchanges it; the provider deletes the account. */

const HOST_OFF = { description: 'SERVICE_TOKEN is not set on this server, so host sign-in is off.', content: jsonContent(ErrorBody) }

export const createSessionRoute = createRoute({
  method: 'post',
  path: '/sessions',
  tags: ['Host sign-in'],
  operationId: 'createSessionCode',
  summary: 'A single-use sign-in code for one of your own users',
  description:
    "For the API provider's backend, authenticated by the SERVICE_TOKEN the server is configured with. " +
    'The first code for an externalId creates its account (no password, never linked by e-mail to another account); ' +
    'later codes reach the same account and update its name and e-mail when given. ' +
    'emailVerified: true says your product proved this user receives mail at `email`; each call sets or clears it (left out: false). ' +
    'Only a verified address sees and accepts the invitations to it by id, and may invite; an unverified one joins with the mailed code. ' +
    'The code works once, for SESSION_CODE_TTL_SECONDS.',
  security: [{ serviceToken: [] }],
  request: { body: { required: true, content: jsonContent(HostSession) } },
  responses: {
    201: { description: 'A code to hand to the widget.', content: jsonContent(SessionCode) },
    ...errors({
      400: badBody(HostSession),
      401: NO_SERVICE_TOKEN,
      413: TOO_LARGE,
      415: NOT_JSON,
      500: INTERNAL,
    }),
    503: HOST_OFF,
  },
  ...codeSamples({
    path: '/sessions',
    body: { externalId: 'user-42', email: 'ada@example.com', emailVerified: true, name: 'Ada Lovelace' },
    then: 'const { code } = await res.json() // hand it to the widget: fetchSessionCode or session-url',
  }),
})

export const deleteHostAccountRoute = createRoute({
  method: 'delete',
  path: '/sessions/{externalId}',
  tags: ['Host sign-in'],
  operationId: 'deleteHostAccount',
  summary: 'Delete the account of one of your own users',
  description:
    "For the API provider's backend, authenticated by SERVICE_TOKEN, when a user deletes their account in your product: " +
    'the account POST /sessions made for this externalId goes as DELETE /me deletes one, at once. Its sessions end on every instance; ' +
    'projects it owns pass to their longest-standing admin, or go with their keys, which stop verifying; it leaves the others; ' +
    "each project's audit log records it. Only an account of host sign-in has an externalId: no other account is ever found. " +
    'Sent again, it answers 404; a later POST /sessions for the same externalId makes a new, empty account.',
  security: [{ serviceToken: [] }],
  request: {
    params: z.object({ externalId: z.string().meta({ description: 'The externalId your backend signed the user in with (URL-encoded).' }) }),
  },
  responses: {
    204: { description: 'Deleted.' },
    ...errors({
      400: BAD_ADDRESS,
      401: NO_SERVICE_TOKEN,
      404: { description: 'No account of host sign-in has this externalId: it never signed in, or was deleted.', messages: [HOST.HOST_ACCOUNT_NOT_FOUND] },
      500: INTERNAL,
    }),
    503: HOST_OFF,
  },
  ...codeSamples({
    path: '/sessions/user-42',
    method: 'DELETE',
    then: 'if (res.status !== 204 && res.status !== 404) throw new Error(`portal: ${res.status}`)',
  }),
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
  responses: {
    200: { description: 'Signed in.', content: jsonContent(AccessData) },
    ...errors({
      400: badBody(SessionCodeExchange),
      401: {
        description: 'The code was used, is unknown or has expired (one answer for all three), or the device token is missing or unknown.',
        messages: [HOST.SIGN_IN_CODE_REFUSED, ...NO_DEVICE_MESSAGES],
      },
      413: TOO_LARGE,
      415: NOT_JSON,
      429: {
        description: `Too many attempts from this client address; Retry-After says when to try again. ${BAD_TOKENS}`,
        messages: [THROTTLE.TOO_MANY_ATTEMPTS(720), ...BAD_TOKENS_MESSAGES],
      },
      500: INTERNAL,
    }),
  },
})
