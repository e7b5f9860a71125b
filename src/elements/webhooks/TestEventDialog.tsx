import type { MutableRefObject } from 'react'
import type { Endpoint, EventType } from '../../api/webhooks'
import { ChoiceField } from '../project-detail/ChoiceField'
import { KeyFormDialog } from '../project-detail/KeyFormDialog'

export const TEST_EVENT = 'webhook.test'

/** "Send test event": the built-in test, or the example of a type this endpoint takes. */
export function TestEventDialog({
  endpoint,
  eventTypes = [],
  onClose,
  onSend,
  returnFocus,
}: {
  endpoint: Endpoint
  eventTypes?: EventType[]
  onClose: () => void
  onSend: (eventType: string) => Promise<void>
  returnFocus?: MutableRefObject<HTMLElement | null>
}) {
  const takes = (name: string) => endpoint.eventTypes.length === 0 || endpoint.eventTypes.includes(name)
  const names = [TEST_EVENT, ...eventTypes.map((t) => t.name).filter((n) => n !== TEST_EVENT && takes(n))]
  return (
    <KeyFormDialog
      title="Send test event"
      submitLabel="Send"
      pendingLabel="Sending…"
      onClose={onClose}
      returnFocus={returnFocus}
      onSubmit={(form) => onSend(String(new FormData(form).get('eventType')))}
    >
      <p>
        An example event goes to <span className="break-all font-mono text-xs">{endpoint.url}</span>, signed like any other. Its delivery appears in the log
        below.
      </p>
      <ChoiceField label="Event type" name="eventType" options={names.map((n) => [n, n] as const)} />
    </KeyFormDialog>
  )
}
