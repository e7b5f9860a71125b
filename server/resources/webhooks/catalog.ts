import { WEBHOOK_TEST_EVENT, type WebhookEventType } from '../../../contract/webhooks'
import type { AppConfig } from '../../config'

/** Built in, so "Send test event" works before the provider declares any type. */
export const TEST_EVENT: WebhookEventType = {
  name: WEBHOOK_TEST_EVENT,
  description: 'A test event, sent on request from the portal to check an endpoint.',
  example: { message: 'This is a test event. Your endpoint received it.' },
}

/** The provider's event types with webhook.test first (the provider's own webhook.test, if declared, wins). */
export function eventCatalog(config: AppConfig): WebhookEventType[] {
  const own = config.webhooks.eventTypes
  return own.some((t) => t.name === WEBHOOK_TEST_EVENT) ? own : [TEST_EVENT, ...own]
}
