import { useState } from 'react'
import type { LogEntryView } from '../../../contract/logs'
import { useErrorText } from '../../hooks/useErrorText'
import { useT } from '../../i18n'
import { requests } from '../../i18n/en/requests'
import { Alert } from '../Alert'
import { Button } from '../Button'
import { useFocusKeeper } from '../focus/useFocusKeeper'
import { FirstCall } from './FirstCall'
import { RequestDialog } from './RequestDialog'
import { RequestTable } from './RequestTable'
import { useArrivals } from './useArrivals'
import type { RequestLog as Log } from './useRequestLog'

/**
 * A log's body, the same in the project's section and in <flex-request-log>:
 * the table (grey rows while the first page loads), "Load more", the way to a
 * first call when there is none (`filtered`: none of these, say so instead),
 * and a row's detail. What a load found (how many rows, or no match) is
 * announced, then new rows by their count (useArrivals).
 * `last`: only the newest this many rows, and no older ones (a docs page's "your last calls").
 * `testKeys`: the ids of the project's test keys, whose calls carry the Test badge.
 */
export function RequestLog({
  log,
  projectId,
  keyId,
  filtered,
  last,
  testKeys,
}: {
  log: Log
  projectId: string
  keyId?: string
  filtered?: boolean
  last?: number
  testKeys?: ReadonlySet<string>
}) {
  const t = useT(requests)
  // Its own failures (no answer, a time-out) in the reader's language, a server's message as the server wrote it.
  const errorMessage = useErrorText()
  const [opened, setOpened] = useState<LogEntryView | null>(null)
  const [arrivals, reading] = useArrivals(log.arrived)
  // Try again, the last "Load more", a row a poll replaced (under its open detail too): the log takes focus.
  const keeper = useFocusKeeper<HTMLDivElement>()
  const rows = last ? log.entries.slice(0, last) : log.entries
  let body
  if (log.error !== undefined) {
    body = (
      <Alert className="mt-4" onRetry={log.retry}>
        <p className="font-semibold">{t('requests.loadFailed')}</p>
        <p>{errorMessage(log.error)}</p>
      </Alert>
    )
  } else if (log.loaded && log.entries.length === 0) {
    // With filters and no call to show, the status above says so, where a screen reader hears it as it comes.
    body = !filtered && <FirstCall projectId={projectId} keyId={keyId} />
  } else {
    body = <RequestTable entries={rows} loading={log.loading} onOpen={setOpened} testKeys={testKeys} />
  }
  return (
    <div {...keeper}>
      <div role="status">
        <p className="sr-only">
          {/* A new reading is a new text (its key): the same words again are read again. */}
          {log.loading ? (
            t('requests.loading')
          ) : arrivals > 0 ? (
            <span key={reading}>{t('requests.news', { count: arrivals })}</span>
          ) : (
            // How many rows a load (a filter's) found, said once: rows that polls add are said as news instead.
            !log.arrived && rows.length > 0 && t('requests.shown', { count: rows.length })
          )}
        </p>
        {log.loaded && !rows.length && filtered && (
          <p className="mt-4 rounded-flex border border-dashed border-border px-4 py-6 text-center text-sm text-muted">{t('requests.noMatch')}</p>
        )}
      </div>
      {body}
      {log.more.error !== undefined && (
        <Alert className="mt-3" onRetry={log.loadMore}>
          {t('requests.moreFailed')} {errorMessage(log.more.error)}
        </Alert>
      )}
      {!last && log.next && log.entries.length > 0 && (
        <Button variant="secondary" className="mt-3" onClick={log.loadMore} pending={log.more.loading} pendingLabel={t('requests.loadingMore')}>
          {t('requests.loadMore')}
        </Button>
      )}
      {opened && <RequestDialog entry={opened} onClose={() => setOpened(null)} />}
    </div>
  )
}
