import type { Endpoint } from '../../api/webhooks'

/** What an endpoint receives, in a few words: "All events", the one type, or how many. */
export function eventsText(endpoint: Pick<Endpoint, 'eventTypes'>): string {
  const n = endpoint.eventTypes.length
  return n === 0 ? 'All events' : n === 1 ? endpoint.eventTypes[0] : `${n} event types`
}
