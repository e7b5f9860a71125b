import { useEffect, useId, useRef, useState } from 'react'
import type { ManageCall } from '../../api/request'
import { resendMessage, testEndpoint, type Attempt, type Endpoint, type EventType } from '../../api/webhooks'
import { Button } from '../Button'
import { useCan } from '../teams/role'
import { CloseIcon } from '../icons/CloseIcon'
import { useT } from '../../i18n'
import { webhooks } from '../../i18n/en/webhooks'
import { AttemptsLog } from './AttemptsLog'
import { eventsText } from './events-text'
import { TestEventDialog } from './TestEventDialog'
import { useAttempts } from './useAttempts'
import { Heading } from '../Heading'
import { FOCUS_RING } from '../focus-ring'

/** The actions the section carries out (they change the list); the test event and resends are the panel's own. */
export type EndpointAction = 'edit' | 'toggle' | 'delete'

export interface EndpointPanelProps {
  call: ManageCall
  projectId: string
  endpoint: Endpoint
  eventTypes: EventType[] | undefined
  /** The Disable/Enable call in flight. */
  toggling: boolean
  onAction: (action: EndpointAction) => void
  /** A delivery this panel waited for has an outcome: the list's "Last delivery" is stale. */
  onDelivered: () => void
  onClose: () => void
  /** Its heading's depth below the element's top one. */
  depth: number
}

/** One endpoint, opened from its row: what it receives, its actions and its delivery log. */
export function EndpointPanel({ call, projectId, endpoint, eventTypes, toggling, onAction, onDelivered, onClose, depth }: EndpointPanelProps) {
  const t = useT(webhooks)
  const headingId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  const testButton = useRef<HTMLButtonElement>(null)
  const mayChange = useCan('webhooks')
  const mayDelete = useCan('endpoint-delete')
  const [testing, setTesting] = useState(false)
  const log = useAttempts(call, projectId, endpoint.id, onDelivered)
  // Opened from a row above: take the reader (and the screen) to it.
  useEffect(() => heading.current?.focus(), [])

  const sendTest = async (eventType: string) => {
    const messageId = await testEndpoint(call, projectId, endpoint.id, eventType)
    setTesting(false)
    if (messageId) log.awaitDelivery(messageId)
    else log.reload()
  }

  const resend = async (attempt: Attempt) => {
    await resendMessage(call, projectId, endpoint.id, attempt.messageId)
    log.awaitDelivery(attempt.messageId)
  }

  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-flex border border-border bg-bg p-4">
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <Heading id={headingId} depth={depth} ref={heading} tabIndex={-1} className="break-all font-mono text-sm font-semibold text-fg focus:outline-none">
            {endpoint.url}
          </Heading>
          {endpoint.description && (
            <p dir="auto" className="mt-1 break-words text-sm text-muted">
              {endpoint.description}
            </p>
          )}
          <p className="mt-1 text-xs text-muted">
            {eventsText(endpoint, t)} · {endpoint.disabled ? t('webhooks.panel.off') : t('webhooks.endpoints.enabled')}
          </p>
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('webhooks.panel.close')}
          className={`shrink-0 rounded-flex p-1 text-muted hover:text-fg ${FOCUS_RING}`}
        >
          <CloseIcon className="h-5 w-5" />
        </button>
      </div>
      {mayChange && (
        <div className="mt-4 flex flex-wrap gap-3">
          <Button
            ref={testButton}
            onClick={() => setTesting(true)}
            disabled={endpoint.disabled}
            title={endpoint.disabled ? t('webhooks.panel.enableFirst') : undefined}
          >
            {t('webhooks.sendTest')}
          </Button>
          <Button variant="secondary" onClick={() => onAction('edit')}>
            {t('webhooks.panel.edit')}
          </Button>
          <Button variant="secondary" onClick={() => onAction('toggle')} pending={toggling}>
            {endpoint.disabled ? t('webhooks.panel.enable') : t('webhooks.panel.disable')}
          </Button>
          {mayDelete && (
            <Button variant="danger" onClick={() => onAction('delete')}>
              {t('webhooks.panel.delete')}
            </Button>
          )}
        </div>
      )}
      <AttemptsLog log={log} onResend={resend} depth={depth + 1} />
      {testing && <TestEventDialog endpoint={endpoint} eventTypes={eventTypes} onClose={() => setTesting(false)} onSend={sendTest} returnFocus={testButton} />}
    </section>
  )
}
