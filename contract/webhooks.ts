import { z } from 'zod'
import { coded, optionalText, requiredText, wholeNumber } from './fields'
import { MAX_GRACE_SECONDS } from './requests'

/**
 * The webhook calls' bodies, shared by the server (which checks them) and the
 * widget (which imports only their types).
 */

/** The event type every catalog holds, sent by "Send test event" when the endpoint names no other. */
export const WEBHOOK_TEST_EVENT = 'webhook.test'
/** The 409's code on a project created before webhooks, whose secret is stored only as a hash. */
export { WEBHOOK_SECRET_ROLL_NEEDED } from './constants'
import { WEBHOOK_DESCRIPTION_MAX, WEBHOOK_URL_MAX } from './constants'
export { WEBHOOK_URL_MAX }
/** The largest payload POST /webhooks/messages accepts, in bytes of its JSON. */
export const WEBHOOK_PAYLOAD_MAX_BYTES = 256 * 1024
/** The first bytes of a receiver's answer an attempt keeps. */
export const WEBHOOK_RESPONSE_BODY_MAX_BYTES = 1024
export const WEBHOOK_EVENT_TYPE_MAX = 100
/** How many event types one endpoint may name; more is the same as "all". */
export const WEBHOOK_EVENT_TYPES_PER_ENDPOINT = 100

const eventTypeName = z
  .string({ error: coded('EVENT_TYPE_NOT_TEXT', 'Each event type must be text.') })
  .trim()
  .min(1, coded('EVENT_TYPE_EMPTY', 'An event type must not be empty.'))
  .max(WEBHOOK_EVENT_TYPE_MAX, coded('EVENT_TYPE_TOO_LONG', `An event type must be at most ${WEBHOOK_EVENT_TYPE_MAX} characters.`))

const eventTypes = z
  .array(eventTypeName, { error: coded('EVENT_TYPES_NOT_A_LIST', 'eventTypes must be a list of event type names.') })
  .max(
    WEBHOOK_EVENT_TYPES_PER_ENDPOINT,
    coded('EVENT_TYPES_TOO_MANY', `An endpoint may name at most ${WEBHOOK_EVENT_TYPES_PER_ENDPOINT} event types; leave the list empty for all.`),
  )
  .transform((list) => [...new Set(list)])
  .meta({ description: 'Event types the endpoint receives; empty or missing means all.' })

const endpointUrl = requiredText('Endpoint URL', {
  code: 'ENDPOINT_URL',
  max: WEBHOOK_URL_MAX,
  description: 'http(s) URL on a public address (unless the server allows private networks).',
}).meta({ format: 'uri', examples: ['https://example.com/webhooks'] })

const endpointDescription = optionalText('Endpoint description', {
  code: 'ENDPOINT_DESCRIPTION',
  max: WEBHOOK_DESCRIPTION_MAX,
  name: true,
  description: 'Optional; missing means empty.',
})

export const NewWebhookEndpoint = z
  .object({ url: endpointUrl, description: endpointDescription, eventTypes: eventTypes.nullish().transform((v) => v ?? []) })
  .meta({ id: 'NewWebhookEndpoint' })

export const WebhookEndpointPatch = z
  .object({
    url: endpointUrl.optional(),
    // undefined leaves the description as it is; "" or null clears it.
    description: endpointDescription.optional(),
    eventTypes: eventTypes.nullish().transform((v) => (v === null ? [] : v)),
    disabled: z
      .boolean({ error: coded('DISABLED_NOT_A_SWITCH', 'disabled must be true or false.') })
      .optional()
      .meta({ description: 'true stops deliveries; false resumes them.' }),
  })
  .meta({ id: 'WebhookEndpointPatch' })

export const WebhookTestEvent = z
  .object({
    eventType: eventTypeName.optional().meta({ description: `The catalog type whose example is sent; ${WEBHOOK_TEST_EVENT} when missing.` }),
  })
  .meta({ id: 'WebhookTestEvent' })

export const WebhookSecretRoll = z
  .object({
    graceSeconds: wholeNumber(
      'Grace period (graceSeconds)',
      'GRACE_PERIOD',
      0,
      MAX_GRACE_SECONDS,
      "How long deliveries keep carrying the old secret's signature beside the new one; 0 ends it now.",
    ),
  })
  .meta({ id: 'WebhookSecretRoll' })

export const WebhookMessage = z
  .object({
    projectId: requiredText('projectId', { code: 'PROJECT_ID', max: 200, description: 'Project ID (prj_…) whose endpoints receive the event.' }),
    eventType: eventTypeName.meta({ description: 'A type of the catalog (GET /webhooks/event-types).' }),
    payload: z
      .record(z.string(), z.unknown(), { error: coded('PAYLOAD_NOT_AN_OBJECT', 'payload must be a JSON object.') })
      .meta({ description: `The event's data, a JSON object of at most ${WEBHOOK_PAYLOAD_MAX_BYTES / 1024} kB; delivered as "data".` }),
    idempotencyKey: z
      .string({ error: coded('IDEMPOTENCY_KEY_NOT_TEXT', 'idempotencyKey must be text.') })
      .min(1, coded('IDEMPOTENCY_KEY_EMPTY', 'idempotencyKey must not be empty.'))
      .max(200, coded('IDEMPOTENCY_KEY_TOO_LONG', 'idempotencyKey must be at most 200 characters.'))
      .optional()
      .meta({ description: 'The same key within 24 hours answers the same id and sends nothing again.' }),
  })
  .meta({ id: 'WebhookMessage' })

const text = (description: string) => z.string().meta({ description })
const dateTime = (description: string) => z.string().meta({ format: 'date-time', description })
const nullableDate = (description: string) => z.string().nullable().meta({ format: 'date-time', description })
const attemptStatus = z.enum(['succeeded', 'failed', 'pending']).meta({ description: 'succeeded (a 2xx), failed, or pending (not made yet).' })

export const WebhookEventType = z
  .object({
    name: text('Event type, such as invoice.paid.'),
    description: text('What the event means.').optional(),
    example: z.unknown().optional().meta({ description: 'An example payload, sent by "Send test event".' }),
  })
  .meta({ id: 'WebhookEventType' })
export const WebhookEventTypeList = z.array(WebhookEventType)

export const WebhookLastAttempt = z
  .object({
    attemptedAt: dateTime('When the attempt was made (or, pending, when it is due).'),
    status: attemptStatus,
    responseStatus: z.number().int().nullable().meta({ description: "The receiver's HTTP status; null without an answer." }),
  })
  .meta({ id: 'WebhookLastAttempt' })

export const WebhookEndpoint = z
  .object({
    id: text('Endpoint ID (whe_…).'),
    url: text('Where deliveries are POSTed.'),
    description: text('Endpoint description; may be empty.'),
    eventTypes: z.array(z.string()).meta({ description: 'Event types it receives; empty means all.' }),
    disabled: z.boolean().meta({ description: 'true: nothing is delivered (set by the owner, a 410, or 5 days of failures).' }),
    createdAt: dateTime('When the endpoint was added.'),
    lastAttempt: WebhookLastAttempt.nullable().meta({ description: 'The latest attempt; null if none yet.' }),
  })
  .meta({ id: 'WebhookEndpoint' })

export const WebhookEndpointList = z
  .object({
    endpoints: z.array(WebhookEndpoint).meta({ description: 'Oldest first.' }),
    needsSecretRoll: z.boolean().meta({ description: 'true for a project whose secret is stored only as a hash: roll the secret before adding an endpoint.' }),
  })
  .meta({ id: 'WebhookEndpointList' })

export const WebhookAttempt = z
  .object({
    id: text('Attempt ID (wha_…); the cursor for "before".'),
    messageId: text('Message ID (msg_…), the webhook-id header.'),
    eventType: text('Event type.'),
    status: attemptStatus,
    responseStatus: z.number().int().nullable().meta({ description: "The receiver's HTTP status; null without an answer (time-out, refused connection)." }),
    responseBody: z.string().nullable().meta({ description: "The first 1 kB of the receiver's answer, or what went wrong; null when pending." }),
    durationMs: z.number().int().nullable().meta({ description: 'How long the attempt took; null when pending.' }),
    attemptedAt: dateTime('When the attempt was made (or, pending, when it is due).'),
    attemptNumber: z.number().int().meta({ description: '1 for the first attempt of a message.' }),
    nextAttemptAt: nullableDate('When the next retry is due; null when none follows.'),
    scheduledFor: nullableDate('An attempt not made yet (pending): when it is due. Null once made; it has no answer or body until then.'),
  })
  .meta({ id: 'WebhookAttempt' })
export const WebhookAttemptList = z.array(WebhookAttempt)

export const WebhookMessageAccepted = z.object({ id: text('Message ID (msg_…).') }).meta({ id: 'WebhookMessageAccepted' })
export const WebhookSecret = z.object({ webhookSecret: text('The new signing secret (whsec_…), shown this once.') }).meta({ id: 'WebhookSecret' })

export type NewWebhookEndpoint = z.input<typeof NewWebhookEndpoint>
export type WebhookEndpointPatch = z.input<typeof WebhookEndpointPatch>
export type WebhookTestEvent = z.input<typeof WebhookTestEvent>
export type WebhookSecretRoll = z.input<typeof WebhookSecretRoll>
export type WebhookMessage = z.input<typeof WebhookMessage>
export type WebhookEventType = z.infer<typeof WebhookEventType>
export type WebhookLastAttempt = z.infer<typeof WebhookLastAttempt>
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>
export type WebhookEndpointList = z.infer<typeof WebhookEndpointList>
export type WebhookAttempt = z.infer<typeof WebhookAttempt>
export type WebhookMessageAccepted = z.infer<typeof WebhookMessageAccepted>
export type WebhookSecret = z.infer<typeof WebhookSecret>
