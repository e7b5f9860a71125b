import type { Endpoint } from '../../api/webhooks'
import { useLang, useT } from '../../i18n'
import { webhooks } from '../../i18n/en/webhooks'
import { eventsText } from './events-text'
import { formatTime } from './format-time'
import { StackTable } from './StackTable'
import { Badge } from '../Badge'
import { StatusBadge } from './StatusBadge'
import { FOCUS_RING } from '../focus-ring'

/** The project's endpoints, one row each; Manage opens the endpoint's panel (its actions and log) below. */
export function EndpointsTable({ endpoints, openId, onOpen }: { endpoints: Endpoint[]; openId: string | null; onOpen: (endpoint: Endpoint) => void }) {
  const t = useT(webhooks)
  const lang = useLang()
  return (
    <StackTable
      caption={t('webhooks.endpoints.caption')}
      columns={[
        t('webhooks.column.url'),
        t('webhooks.column.events'),
        t('webhooks.column.status'),
        t('webhooks.column.lastDelivery'),
        t('webhooks.column.actions'),
      ]}
      // The URL is the name; then Actions and Status stay longest, Last delivery goes first.
      name={0}
      priorities={[0, 2, 0, 3, 0]}
      rows={endpoints.map((e) => ({
        key: e.id,
        cells: [
          <span className="block min-w-0">
            <span dir="ltr" data-name="" title={e.url} className="block truncate font-mono text-xs rtl:text-right">
              {e.url}
            </span>
            {e.description && (
              <span dir="auto" className="block truncate text-xs text-muted">
                {e.description}
              </span>
            )}
          </span>,
          <span title={e.eventTypes.join(', ') || undefined}>{eventsText(e, t)}</span>,
          <Badge tone={e.disabled ? 'neutral' : 'success'}>{e.disabled ? t('webhooks.endpoints.disabled') : t('webhooks.endpoints.enabled')}</Badge>,
          e.lastAttempt ? (
            <span>
              <StatusBadge status={e.lastAttempt.status} code={e.lastAttempt.responseStatus} />
              <time dateTime={e.lastAttempt.attemptedAt} className="block text-xs text-muted">
                {formatTime(e.lastAttempt.attemptedAt, lang)}
              </time>
            </span>
          ) : (
            <span className="text-muted">{t('webhooks.endpoints.noDelivery')}</span>
          ),
          <button
            type="button"
            aria-expanded={openId === e.id}
            aria-label={t('webhooks.endpoints.manageLabel', { url: e.url })}
            onClick={() => onOpen(e)}
            className={`-mx-2 rounded-flex px-2 py-1 font-semibold text-accent hover:text-accent-hover ${FOCUS_RING}`}
          >
            {t('webhooks.endpoints.manage')}
          </button>,
        ],
      }))}
    />
  )
}
