import { useId, useState } from 'react'
import { useErrorText } from '../../hooks/useErrorText'
import type { Attempt } from '../../api/webhooks'
import { Alert } from '../Alert'
import { Button, Spinner } from '../Button'
import { useLang, useT } from '../../i18n'
import { webhooks } from '../../i18n/en/webhooks'
import { formatDuration, formatTime } from './format-time'
import { StackTable } from './StackTable'
import { StatusBadge } from './StatusBadge'
import { useCan } from '../teams/role'
import type { useAttempts } from './useAttempts'
import { Heading } from '../Heading'
import { FOCUS_RING } from '../focus-ring'

const linkClass = `rounded-flex px-2 py-1 font-semibold text-accent hover:text-accent-hover ${FOCUS_RING}`

/** One endpoint's attempts, newest first: the receiver's answer on demand, Resend, and older ones page by page. */
export function AttemptsLog({
  log,
  onResend,
  depth,
}: {
  log: ReturnType<typeof useAttempts>
  onResend: (attempt: Attempt) => Promise<void>
  /** Its heading's depth below the element's top one. */
  depth: number
}) {
  const t = useT(webhooks)
  const errorText = useErrorText()
  const lang = useLang()
  const headingId = useId()
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set())
  const [resending, setResending] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  // A viewer reads the log; sending a message again takes a developer.
  const mayResend = useCan('webhooks')
  const toggle = (id: string) =>
    setOpen((o) => {
      const next = new Set(o)
      if (!next.delete(id)) next.add(id)
      return next
    })
  const resend = (a: Attempt) => {
    if (resending) return
    setResending(a.id)
    setError(null)
    onResend(a).then(
      () => setResending(null),
      (e: unknown) => {
        setResending(null)
        setError(errorText(e))
      },
    )
  }

  return (
    <section aria-labelledby={headingId} className="mt-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Heading id={headingId} depth={depth} className="text-sm font-semibold text-fg">
          {t('webhooks.attempts.heading')}
        </Heading>
        <div className="flex items-center gap-3">
          {log.waiting && (
            <span role="status" className="flex items-center gap-2 text-xs text-muted">
              <Spinner />
              {t('webhooks.attempts.waiting')}
            </span>
          )}
          <Button variant="secondary" onClick={log.reload} className="py-1">
            {t('webhooks.attempts.refresh')}
          </Button>
        </div>
      </div>
      {error && (
        <Alert className="mt-3" onDismiss={() => setError(null)}>
          {error}
        </Alert>
      )}
      {log.error !== undefined && (
        <Alert className="mt-3" onRetry={log.reload}>
          {t('webhooks.attempts.loadFailed')} {errorText(log.error)}
        </Alert>
      )}
      {log.loading && (
        <p role="status" className="sr-only">
          {t('webhooks.attempts.loading')}
        </p>
      )}
      {!log.loading && log.attempts.length === 0 ? (
        log.error === undefined && (
          <p className="mt-3 rounded-flex border border-dashed border-border px-4 py-6 text-center text-sm text-muted">{t('webhooks.attempts.empty')}</p>
        )
      ) : (
        // While the first page loads: grey rows in the same columns, so the log does not jump when it comes.
        <StackTable
          loading={log.loading ? 3 : 0}
          caption={t('webhooks.attempts.heading')}
          columns={[
            t('webhooks.column.status'),
            t('webhooks.column.httpCode'),
            t('webhooks.column.event'),
            t('webhooks.column.time'),
            t('webhooks.column.duration'),
            t('webhooks.column.actions'),
          ]}
          // The event is the name; HTTP code and duration give way first.
          name={2}
          priorities={[0, 2, 0, 1, 3, 0]}
          rows={log.attempts.map((a) => {
            const time = formatTime(a.attemptedAt, lang)
            const shown = open.has(a.id)
            const bodyId = `body-${a.id}`
            // Not made yet: nothing to show of an answer, and nothing to send again.
            const scheduled = a.scheduledFor
            return {
              key: a.id,
              cells: [
                <StatusBadge status={a.status} />,
                <span className="font-mono text-xs">{a.responseStatus ?? '—'}</span>,
                <span dir="ltr" data-name="" title={a.eventType} className="block truncate font-mono text-xs rtl:text-right">
                  {a.eventType}
                </span>,
                <span>
                  {scheduled ? (
                    <time dateTime={scheduled}>{t('webhooks.attempts.scheduledFor', { time: formatTime(scheduled, lang) })}</time>
                  ) : (
                    <time dateTime={a.attemptedAt}>{time}</time>
                  )}
                  {a.attemptNumber > 1 && <span className="block text-xs text-muted">{t('webhooks.attempts.number', { number: a.attemptNumber })}</span>}
                  {a.nextAttemptAt && (
                    <span className="block text-xs text-muted">{t('webhooks.attempts.nextTry', { time: formatTime(a.nextAttemptAt, lang) })}</span>
                  )}
                </span>,
                <span className="whitespace-nowrap">{a.durationMs == null ? '—' : formatDuration(a.durationMs, lang)}</span>,
                scheduled ? (
                  <span className="text-xs text-muted">—</span>
                ) : (
                  // Inline, not flex: one line in the table (a flex line would wrap to its narrowest beside the name), wrapped in a card.
                  <div className="-mx-2">
                    <button type="button" className={linkClass} aria-expanded={shown} aria-controls={shown ? bodyId : undefined} onClick={() => toggle(a.id)}>
                      {/* Both labels take the same cell, the other one hidden: the button is as wide open as closed, so no column drops when it opens.
                          At its start, as the Actions header is, not centred in the longer label's width. */}
                      <span className="inline-grid text-start">
                        <span aria-hidden={shown || undefined} className={`col-start-1 row-start-1 ${shown ? 'invisible' : ''}`}>
                          {t('webhooks.attempts.showResponse')}
                        </span>
                        <span aria-hidden={!shown || undefined} className={`col-start-1 row-start-1 ${shown ? '' : 'invisible'}`}>
                          {t('webhooks.attempts.hideResponse')}
                        </span>
                      </span>
                    </button>{' '}
                    {mayResend && (
                      <button
                        type="button"
                        className={`${linkClass} disabled:opacity-60`}
                        disabled={resending !== null}
                        aria-label={t('webhooks.attempts.resendLabel', { event: a.eventType, time })}
                        onClick={() => resend(a)}
                      >
                        {resending === a.id ? t('webhooks.attempts.resending') : t('webhooks.attempts.resend')}
                      </button>
                    )}
                  </div>
                ),
              ],
              after: shown && !scheduled && (
                // w-0 min-w-full: as wide as the row, never wider: a long answer scrolls in its box instead of widening the table.
                <div id={bodyId} className="w-0 min-w-full rounded-flex border border-border bg-bg p-3">
                  <p id={`${bodyId}-said`} className="text-xs text-muted">
                    {a.responseStatus == null ? t('webhooks.attempts.noAnswer') : t('webhooks.attempts.answered', { code: a.responseStatus })}
                  </p>
                  {a.responseBody ? (
                    // A long answer scrolls in its box: focusable, so a keyboard can scroll it too, named by the line above.
                    <pre
                      dir="ltr"
                      tabIndex={0}
                      role="region"
                      aria-labelledby={`${bodyId}-said`}
                      className={`mt-2 overflow-auto font-mono text-xs text-fg ${FOCUS_RING}`}
                    >
                      {a.responseBody}
                    </pre>
                  ) : (
                    a.responseStatus != null && <p className="mt-2 text-xs text-muted">{t('webhooks.attempts.emptyBody')}</p>
                  )}
                </div>
              ),
            }
          })}
        />
      )}
      {log.more.error !== undefined && (
        <Alert className="mt-3" onRetry={log.loadMore}>
          {t('webhooks.attempts.moreFailed')} {errorText(log.more.error)}
        </Alert>
      )}
      {log.hasMore && log.attempts.length > 0 && (
        <Button variant="secondary" className="mt-3" onClick={log.loadMore} pending={log.more.loading} pendingLabel={t('webhooks.attempts.loadingMore')}>
          {t('webhooks.attempts.loadMore')}
        </Button>
      )}
    </section>
  )
}
