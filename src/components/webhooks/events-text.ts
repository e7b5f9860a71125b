import type { Endpoint } from '../../api/webhooks'
import type { Translate } from '../../i18n'
import type { webhooks } from '../../i18n/en/webhooks'

/** What an endpoint receives, in a few words: "All events", the one type, or how many. */
export function eventsText(endpoint: Pick<Endpoint, 'eventTypes'>, t: Translate<typeof webhooks>): string {
  const n = endpoint.eventTypes.length
  return n === 0 ? t('webhooks.events.all') : n === 1 ? endpoint.eventTypes[0] : t('webhooks.events.count', { count: n })
}
