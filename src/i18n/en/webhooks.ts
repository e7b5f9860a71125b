import { plural } from '../plural'
import type { Locale } from '../types'

/**
 * English texts of a project's webhooks (the project page's section and
 * <flex-webhooks>): endpoints, their delivery log and dialogs, the secret
 * roll. They travel in the webhooks chunk.
 */
export const webhooks = {
  'webhooks.heading': 'Webhooks',
  'webhooks.intro': "Your servers receive this project's events, each signed with its webhook secret.",
  'webhooks.rollSecret': 'Roll secret',
  'webhooks.addEndpoint': 'Add endpoint',
  'webhooks.rollFirst':
    "This project's webhook secret was made before deliveries were signed. Roll the secret to get one that signs them, then add an endpoint.",
  'webhooks.loadFailed': 'Webhooks could not be loaded.',
  'webhooks.loading': 'Loading webhooks…',
  'webhooks.empty': "No endpoints yet. Add one, and this project's events are sent to it.",
  'webhooks.toast.added': 'Endpoint added.',
  'webhooks.toast.saved': 'Endpoint saved.',
  'webhooks.toast.enabled': 'Endpoint enabled.',
  'webhooks.toast.disabled': 'Endpoint disabled: it receives no events until you enable it.',
  'webhooks.toast.deleted': 'Endpoint deleted.',

  'webhooks.screen.noProject': 'Choose a project to see its webhooks.',
  'webhooks.screen.notOffered': 'This server does not send webhooks.',
  'webhooks.screen.loading': 'Loading…',

  'webhooks.column.url': 'URL',
  'webhooks.column.events': 'Events',
  'webhooks.column.status': 'Status',
  'webhooks.column.lastDelivery': 'Last delivery',
  'webhooks.column.actions': 'Actions',
  'webhooks.column.httpCode': 'HTTP code',
  'webhooks.column.event': 'Event',
  'webhooks.column.time': 'Time',
  'webhooks.column.duration': 'Duration',

  'webhooks.endpoints.caption': 'Webhook endpoints',
  'webhooks.endpoints.enabled': 'Enabled',
  'webhooks.endpoints.disabled': 'Disabled',
  'webhooks.endpoints.noDelivery': 'None yet',
  'webhooks.endpoints.manage': 'Manage',
  'webhooks.endpoints.manageLabel': ({ url }: { url: string }) => `Manage endpoint ${url}`,

  'webhooks.events.all': 'All events',
  'webhooks.events.count': ({ count }: { count: number }, { lang }: Locale) => plural(lang, count, { one: '# event type', other: '# event types' }),

  'webhooks.panel.off': 'Disabled: no events are sent',
  'webhooks.panel.close': 'Close endpoint',
  'webhooks.panel.enableFirst': 'Enable the endpoint to send it events.',
  'webhooks.panel.edit': 'Edit',
  'webhooks.panel.enable': 'Enable',
  'webhooks.panel.disable': 'Disable',
  'webhooks.panel.delete': 'Delete',
  'webhooks.sendTest': 'Send test event',

  'webhooks.attempts.heading': 'Delivery attempts',
  'webhooks.attempts.waiting': 'Waiting for the delivery…',
  'webhooks.attempts.refresh': 'Refresh',
  'webhooks.attempts.loadFailed': 'The delivery log could not be loaded.',
  'webhooks.attempts.loading': 'Loading deliveries…',
  'webhooks.attempts.empty': 'No deliveries yet. Send a test event to see one here.',
  'webhooks.attempts.number': ({ number }: { number: number }) => `Attempt ${number}`,
  'webhooks.attempts.nextTry': ({ time }: { time: string }) => `Next try ${time}`,
  'webhooks.attempts.scheduledFor': ({ time }: { time: string }) => `Scheduled for ${time}`,
  'webhooks.attempts.showResponse': 'Response',
  'webhooks.attempts.hideResponse': 'Hide response',
  'webhooks.attempts.resend': 'Resend',
  'webhooks.attempts.resending': 'Resending…',
  'webhooks.attempts.resendLabel': ({ event, time }: { event: string; time: string }) => `Resend ${event} from ${time}`,
  'webhooks.attempts.noAnswer': 'No answer from the receiver.',
  'webhooks.attempts.answered': ({ code }: { code: number }) => `The receiver answered ${code}:`,
  'webhooks.attempts.emptyBody': 'The body was empty.',
  'webhooks.attempts.moreFailed': 'Older deliveries could not be loaded.',
  'webhooks.attempts.loadMore': 'Load more',
  'webhooks.attempts.loadingMore': 'Loading…',

  'webhooks.status.succeeded': 'Succeeded',
  'webhooks.status.failed': 'Failed',
  'webhooks.status.pending': 'Pending',

  'webhooks.endpoint.editTitle': 'Edit endpoint',
  'webhooks.endpoint.url': 'Endpoint URL',
  'webhooks.endpoint.urlRequired': 'Enter the address that should receive the events.',
  'webhooks.endpoint.urlInvalid': 'Enter a full address that starts with https:// or http://.',
  'webhooks.endpoint.description': 'Description (optional)',
  'webhooks.endpoint.events': 'Events to send',
  'webhooks.endpoint.allEvents': 'All events, including types added later',
  'webhooks.endpoint.someEvents': 'Only the events I pick',
  'webhooks.endpoint.eventsRequired': 'Pick at least one event, or choose All events.',
  'webhooks.endpoint.catalogFailed': 'The list of event types could not be loaded.',
  'webhooks.endpoint.catalogLoading': 'Loading event types…',
  'webhooks.endpoint.catalogEmpty': 'This server declares no event types yet.',
  'webhooks.endpoint.cancel': 'Cancel',
  'webhooks.endpoint.save': 'Save',
  'webhooks.endpoint.saving': 'Saving…',

  'webhooks.delete.title': 'Delete endpoint',
  'webhooks.delete.pending': 'Deleting…',
  'webhooks.delete.body': ({ url }: { url: string }) => `${url} stops receiving events at once, and its delivery log is deleted with it.`,

  'webhooks.test.send': 'Send',
  'webhooks.test.sending': 'Sending…',
  'webhooks.test.body': ({ url }: { url: string }) => `An example event goes to ${url}, signed like any other. Its delivery appears in the log below.`,
  'webhooks.test.eventType': 'Event type',

  'webhooks.roll.title': 'Roll webhook secret',
  'webhooks.roll.pending': 'Rolling…',
  'webhooks.roll.first': "This project's secret was made before deliveries were signed, so it cannot sign them. A new secret replaces it.",
  'webhooks.roll.overlap':
    'A new secret signs every delivery. Until the old one stops, deliveries carry both signatures, so your receiver keeps working while you deploy the new one.',
  'webhooks.roll.grace': 'The old secret stops working',
  'webhooks.secret.title': 'New webhook secret',
  'webhooks.secret.once': 'Copy the webhook secret. This is the only time you will be able to see it!',
  'webhooks.secret.label': 'Webhook Secret',
  'webhooks.secret.copyEnv': 'Copy as .env',
  /** As every dialog that shows something once closes: the spec's word. */
  'webhooks.secret.done': 'Exit',
}
