import { createRoute, z } from '@hono/zod-openapi'
import { WebhookAttemptsQuery } from '../../../contract/queries'
import { ErrorBody } from '../../../contract/responses'
import {
  NewWebhookEndpoint,
  WebhookAttemptList,
  WebhookEndpoint,
  WebhookEndpointList,
  WebhookEndpointPatch,
  WebhookEventTypeList,
  WebhookMessage,
  WebhookMessageAccepted,
  WebhookSecret,
  WebhookSecretRoll,
  WebhookTestEvent,
} from '../../../contract/webhooks'
import {
  accessErrors,
  BAD_ADDRESS,
  badBody,
  errors,
  INTERNAL,
  jsonContent,
  NO_SERVICE_TOKEN,
  NOT_JSON,
  TOO_LARGE,
  type ErrorAnswer,
  UNVERIFIED,
  USER_LIMIT,
} from '../../openapi/error-responses'
import { PRIVATE_REFUSED, URL_REFUSED } from './address'
import { PROJECTS } from '../../security/authorization'
import { BODY as BODY_ERRORS } from '../../http/validate'
import { queryMessages } from '../../openapi/schema-messages'
import { WEBHOOKS } from './errors'

/** The webhook calls: the public catalog, a project's endpoints and deliveries (owner only), and the provider's own call. */

const security = [{ accessToken: [] }]
const tags = ['Webhooks']
const id = z.string().meta({ description: 'Project ID (prj_…).' })
const endpointId = z.string().meta({ description: 'Endpoint ID (whe_…).' })
const project = z.object({ id })
const endpoint = z.object({ id, endpointId })
const error = (description: string) => ({ description, content: jsonContent(ErrorBody) })
const PROJECT_MISSING: ErrorAnswer = { description: 'No such project, or another user’s (the same answer).', messages: ['Project not found.'] }
const ENDPOINT_MISSING: ErrorAnswer = {
  description: 'No such project (or not the caller’s), or no such endpoint in it.',
  messages: [PROJECTS.PROJECT_NOT_FOUND, WEBHOOKS.ENDPOINT_NOT_FOUND],
}
const DISABLED: ErrorAnswer = { description: 'The endpoint is disabled.', messages: [WEBHOOKS.ENDPOINT_DISABLED] }
/** The user's fair share of calls, or the project's test events (resends count in them): each says which. */
const TEST_EVENTS_SPENT: ErrorAnswer = {
  description:
    "Over the user's fair share of calls, or over the project's test events a minute (WEBHOOK_TEST_EVENTS_PER_MINUTE, test events and resends together); Retry-After says when to try again.",
  messages: [...USER_LIMIT.messages, WEBHOOKS.TEST_EVENT_LIMIT_REACHED(10, 45)],
}
const UNKNOWN_TYPE = WEBHOOKS.EVENT_TYPE_UNKNOWN('invoice.sent')
/** What the route refuses of an endpoint's URL beyond its schema's checks. */
const URL_REFUSALS = [
  'Endpoint URL must be a full URL, such as https://example.com/webhooks.',
  'Endpoint URL must start with https:// or http://.',
  'Endpoint URL must not contain a user name or password.',
  'Endpoint URL must name a host.',
  URL_REFUSED.ENDPOINT_URL_TOO_LONG.message,
  PRIVATE_REFUSED,
]
const BODY = { 413: TOO_LARGE, 415: NOT_JSON }

export const eventTypesRoute = createRoute({
  method: 'get',
  path: '/webhooks/event-types',
  tags,
  operationId: 'listWebhookEventTypes',
  summary: 'The event types endpoints can subscribe to',
  description: 'Public. The provider declares them (WEBHOOK_EVENT_TYPES or WEBHOOK_EVENT_TYPES_FILE); webhook.test is always there.',
  security: [],
  responses: { 200: { description: 'The catalog.', content: jsonContent(WebhookEventTypeList) }, ...errors({ 400: BAD_ADDRESS }) },
})

export const createEndpointRoute = createRoute({
  method: 'post',
  path: '/manage/dapp/{id}/webhooks',
  tags,
  operationId: 'createWebhookEndpoint',
  summary: 'Add a webhook endpoint',
  description:
    'The URL must be http(s) on a public address unless the server allows private networks. ' +
    '409 when the project holds the most endpoints allowed (WEBHOOK_ENDPOINT_LIMIT, default 10), or, with code WEBHOOK_SECRET_ROLL_NEEDED, ' +
    'when the project was created before webhooks and its secret must be rolled first.',
  security,
  request: { params: project, body: { required: true, content: jsonContent(NewWebhookEndpoint) } },
  responses: {
    201: { description: 'The endpoint.', content: jsonContent(WebhookEndpoint) },
    ...accessErrors({
      400: badBody(NewWebhookEndpoint, [...URL_REFUSALS, UNKNOWN_TYPE]),
      403: UNVERIFIED,
      404: PROJECT_MISSING,
      409: {
        description: 'The endpoint limit is reached (WEBHOOK_ENDPOINT_LIMIT), or the secret must be rolled first (code WEBHOOK_SECRET_ROLL_NEEDED).',
        messages: [WEBHOOKS.ENDPOINT_LIMIT_REACHED(10), WEBHOOKS.WEBHOOK_SECRET_ROLL_NEEDED],
      },
      ...BODY,
    }),
  },
})

export const listEndpointsRoute = createRoute({
  method: 'get',
  path: '/manage/dapp/{id}/webhooks',
  tags,
  operationId: 'listWebhookEndpoints',
  summary: "A project's webhook endpoints, each with its last attempt",
  security,
  request: { params: project },
  responses: { 200: { description: 'The endpoints.', content: jsonContent(WebhookEndpointList) }, ...accessErrors({ 404: PROJECT_MISSING }) },
})

export const updateEndpointRoute = createRoute({
  method: 'patch',
  path: '/manage/dapp/{id}/webhooks/{endpointId}',
  tags,
  operationId: 'updateWebhookEndpoint',
  summary: 'Edit, disable or enable a webhook endpoint',
  description: 'Fields left out stay as they are. Enabling an endpoint that was disabled (by its owner, a 410 or 5 days of failures) resumes its deliveries.',
  security,
  request: { params: endpoint, body: { required: true, content: jsonContent(WebhookEndpointPatch) } },
  responses: {
    200: { description: 'The endpoint.', content: jsonContent(WebhookEndpoint) },
    ...accessErrors({
      400: badBody(WebhookEndpointPatch, [...URL_REFUSALS, UNKNOWN_TYPE]),
      // A new `url` only: disabling, enabling and other fields are not held.
      403: UNVERIFIED,
      404: ENDPOINT_MISSING,
      ...BODY,
    }),
  },
})

export const deleteEndpointRoute = createRoute({
  method: 'delete',
  path: '/manage/dapp/{id}/webhooks/{endpointId}',
  tags,
  operationId: 'deleteWebhookEndpoint',
  summary: 'Delete a webhook endpoint and its delivery log',
  security,
  request: { params: endpoint },
  responses: { 204: { description: 'Deleted.' }, ...accessErrors({ 404: ENDPOINT_MISSING }) },
})

export const testEndpointRoute = createRoute({
  method: 'post',
  path: '/manage/dapp/{id}/webhooks/{endpointId}/test',
  tags,
  operationId: 'sendWebhookTestEvent',
  summary: 'Send a test event to one endpoint',
  description:
    "Sends the example of the event type named (webhook.test's when none is), to this endpoint only, whatever its filter. 409 for a disabled endpoint.",
  security,
  request: { params: endpoint, body: { required: false, content: jsonContent(WebhookTestEvent) } },
  responses: {
    202: { description: 'Queued; the id is the message id (webhook-id).', content: jsonContent(WebhookMessageAccepted) },
    ...accessErrors({ 400: badBody(WebhookTestEvent, [UNKNOWN_TYPE]), 403: UNVERIFIED, 404: ENDPOINT_MISSING, 409: DISABLED, 429: TEST_EVENTS_SPENT, ...BODY }),
  },
})

export const listAttemptsRoute = createRoute({
  method: 'get',
  path: '/manage/dapp/{id}/webhooks/{endpointId}/attempts',
  tags,
  operationId: 'listWebhookAttempts',
  summary: "An endpoint's delivery attempts, newest first",
  description: 'Kept for WEBHOOK_RETENTION_DAYS (default 30). Page with `before`, the id of the last attempt of the previous page.',
  security,
  request: {
    params: endpoint,
    query: WebhookAttemptsQuery,
  },
  responses: {
    200: { description: 'The attempts.', content: jsonContent(WebhookAttemptList) },
    ...accessErrors({
      400: {
        description: 'limit or before is refused, or the address holds text that cannot be stored.',
        messages: [...queryMessages(WebhookAttemptsQuery), WEBHOOKS.ATTEMPT_BEFORE_INVALID],
      },
      404: ENDPOINT_MISSING,
    }),
  },
})

export const resendRoute = createRoute({
  method: 'post',
  path: '/manage/dapp/{id}/webhooks/{endpointId}/messages/{messageId}/resend',
  tags,
  operationId: 'resendWebhookMessage',
  summary: 'Deliver a message to an endpoint again',
  description:
    'A new delivery, with its own attempts, of the same message (the same webhook-id). 409 for a disabled endpoint. ' +
    "Counts in the project's test events a minute (WEBHOOK_TEST_EVENTS_PER_MINUTE), which test events and resends share.",
  security,
  request: { params: endpoint.extend({ messageId: z.string().meta({ description: 'Message ID (msg_…).' }) }) },
  responses: {
    202: { description: 'Queued.', content: jsonContent(WebhookMessageAccepted) },
    ...accessErrors({
      403: UNVERIFIED,
      404: {
        description: 'No such project (or not the caller’s), or no such endpoint or message in it.',
        messages: [...ENDPOINT_MISSING.messages, WEBHOOKS.MESSAGE_NOT_FOUND],
      },
      409: DISABLED,
      429: TEST_EVENTS_SPENT,
    }),
  },
})

export const rollSecretRoute = createRoute({
  method: 'post',
  path: '/manage/dapp/{id}/webhooks/secret/roll',
  tags,
  operationId: 'rollWebhookSecret',
  summary: "Replace the project's webhook signing secret",
  description:
    'Answers the new secret this once. Until now + graceSeconds, deliveries carry two signatures (new and old), so receivers can switch without missing one.',
  security,
  request: { params: project, body: { required: true, content: jsonContent(WebhookSecretRoll) } },
  responses: {
    201: { description: 'The new secret.', content: jsonContent(WebhookSecret) },
    ...accessErrors({ 400: badBody(WebhookSecretRoll), 403: UNVERIFIED, 404: PROJECT_MISSING, ...BODY }),
  },
})

export const sendMessageRoute = createRoute({
  method: 'post',
  path: '/webhooks/messages',
  tags,
  operationId: 'sendWebhookMessage',
  summary: 'Send an event to a project’s endpoints',
  description:
    "For the API provider's own services, authenticated by SERVICE_TOKEN. Queues the event for every enabled endpoint of the project whose filter takes its type; " +
    'once answered 202 it is delivered at least once, through restarts. The same idempotencyKey within 24 hours answers the same id and sends nothing again; with another event type or payload, 409.',
  security: [{ serviceToken: [] }],
  request: { body: { required: true, content: jsonContent(WebhookMessage) } },
  responses: {
    202: { description: 'Accepted; the id is the webhook-id of every delivery.', content: jsonContent(WebhookMessageAccepted) },
    ...errors({
      400: badBody(WebhookMessage, [UNKNOWN_TYPE]),
      401: NO_SERVICE_TOKEN,
      404: { description: 'No such project.', messages: ['Project not found.'] },
      409: {
        description: 'The idempotencyKey was used within 24 hours for a message with another event type or payload: nothing is sent.',
        messages: [WEBHOOKS.IDEMPOTENCY_KEY_REUSED],
      },
      413: {
        description: 'The body is over 264 kB, or the payload over 256 kB.',
        messages: [BODY_ERRORS.BODY_TOO_LARGE(264), WEBHOOKS.PAYLOAD_TOO_LARGE],
      },
      415: NOT_JSON,
      500: INTERNAL,
    }),
    503: error('SERVICE_TOKEN is not set on this server, so the call is off.'),
  },
})
