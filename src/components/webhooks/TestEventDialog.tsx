import type { MutableRefObject } from 'react'
import type { Endpoint, EventType } from '../../api/webhooks'
import { ChoiceField } from '../ChoiceField'
import { useT } from '../../i18n'
import { webhooks } from '../../i18n/en/webhooks'
import { FormDialog } from '../form-dialog/FormDialog'
import { withValue } from './with-value'

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
  const t = useT(webhooks)
  const takes = (name: string) => endpoint.eventTypes.length === 0 || endpoint.eventTypes.includes(name)
  const names = [TEST_EVENT, ...eventTypes.map((type) => type.name).filter((n) => n !== TEST_EVENT && takes(n))]
  return (
    <FormDialog
      title={t('webhooks.sendTest')}
      submitLabel={t('webhooks.test.send')}
      pendingLabel={t('webhooks.test.sending')}
      onClose={onClose}
      returnFocus={returnFocus}
      onSubmit={(form) => onSend(String(new FormData(form).get('event')))}
    >
      <p>
        {withValue(t('webhooks.test.body', { url: endpoint.url }), endpoint.url, (url) => (
          <span dir="ltr" className="break-all font-mono text-xs">
            {url}
          </span>
        ))}
      </p>
      <ChoiceField label={t('webhooks.test.eventType')} name="event" options={names.map((n) => [n, n] as const)} />
    </FormDialog>
  )
}
