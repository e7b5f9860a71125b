import { WEBHOOK_PAYLOAD_MAX_BYTES } from '../../../contract/webhooks'
import { errorTable } from '../../http/errors'
import { waitWords } from '../../http/throttle'

/** The webhook calls' refusals, each code beside its wording. */
export const WEBHOOKS = errorTable({
  ENDPOINT_NOT_FOUND: 'Webhook endpoint not found.',
  MESSAGE_NOT_FOUND: 'Webhook message not found.',
  ENDPOINT_DISABLED: 'This endpoint is disabled. Enable it to send it events.',
  WEBHOOK_SECRET_ROLL_NEEDED: 'This project was created before webhooks, so its webhook secret cannot sign anything. Roll the secret, then add the endpoint.',
  IDEMPOTENCY_KEY_REUSED:
    'This idempotencyKey was used within the last 24 hours for a message with other content (event type or payload). Send a new message with a new key.',
  WEBHOOK_MESSAGES_NOT_CONFIGURED: 'Sending webhooks is not configured on this server: set SERVICE_TOKEN to enable POST /webhooks/messages.',
  TEST_EVENT_LIMIT_REACHED: (perMinute: number, retryAfter: number) =>
    `This project may send ${perMinute} test events a minute. Try again in ${waitWords(retryAfter)}.`,
  EVENT_TYPE_UNKNOWN: (name: string) => `"${name}" is not an event type of this server. GET /api/webhooks/event-types lists them.`,
  PAYLOAD_TOO_LARGE: `payload must be at most ${WEBHOOK_PAYLOAD_MAX_BYTES / 1024} kB of JSON.`,
  ENDPOINT_LIMIT_REACHED: (limit: number) => `This project already has ${limit} webhook endpoints, the most it can have. Delete one to add another.`,
  ATTEMPT_BEFORE_INVALID: 'before must be the id of an attempt of this endpoint.',
})
