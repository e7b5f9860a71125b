import type { LogEntryView } from '../../../contract/logs'
import { useLang, useT } from '../../i18n'
import { requests } from '../../i18n/en/requests'
import { DataTable, type Column } from '../table'
import { formatDuration, formatTime } from '../webhooks/format-time'
import { LogStatus } from './LogStatus'
import { callOf } from './useRequestLog'
import { FOCUS_RING } from '../focus-ring'
import { Badge } from '../Badge'
import { keys } from '../../i18n/en/keys'

// Its line is 16 px: the padding makes the one way to a call's detail 24 px tall to touch.
const openClass = `block max-w-full truncate rounded-flex py-1 text-start font-mono text-xs text-accent hover:text-accent-hover ${FOCUS_RING}`

/**
 * Calls in the one table pattern: time, key, method, route (the name: it takes
 * the room left, and opens the call's detail), status in words, duration; the
 * key and the duration give way first, and below what fits each call is a card.
 */
export function RequestTable({
  entries,
  loading,
  onOpen,
  testKeys,
}: {
  entries: readonly LogEntryView[]
  loading: boolean
  onOpen: (entry: LogEntryView) => void
  testKeys?: ReadonlySet<string>
}) {
  const t = useT(requests)
  const tk = useT(keys)
  const lang = useLang()
  const columns: Column<LogEntryView>[] = [
    {
      id: 'time',
      header: t('requests.column.time'),
      priority: 0,
      width: 170,
      cell: (e) => <time dateTime={e.at}>{formatTime(e.at, lang)}</time>,
    },
    {
      id: 'key',
      header: t('requests.column.key'),
      priority: 2,
      width: 120,
      cell: (e) =>
        e.keyName === null ? (
          <span className="text-muted">{t('requests.deletedKey')}</span>
        ) : (
          // A test key's calls are marked as the keys table marks the key.
          <>
            {e.keyName}
            {testKeys?.has(e.keyId) && (
              <>
                {' '}
                <Badge tone="warning">{tk('keys.mode.test')}</Badge>
              </>
            )}
          </>
        ),
    },
    { id: 'method', header: t('requests.column.method'), priority: 1, width: 70, cell: (e) => <span className="font-mono text-xs">{e.method}</span> },
    {
      id: 'route',
      header: t('requests.column.route'),
      name: true,
      priority: 0,
      width: 0,
      cell: (e) => (
        <button
          type="button"
          dir="ltr"
          data-name=""
          title={e.route}
          aria-haspopup="dialog"
          aria-label={t('requests.open', { method: e.method, route: e.route, time: formatTime(e.at, lang) })}
          className={openClass}
          onClick={() => onOpen(e)}
        >
          {e.route}
        </button>
      ),
    },
    { id: 'status', header: t('requests.column.status'), priority: 0, width: 130, cell: (e) => <LogStatus status={e.status} /> },
    { id: 'durationMs', header: t('requests.column.duration'), priority: 3, width: 90, end: true, cell: (e) => formatDuration(e.durationMs, lang) },
  ]
  return <DataTable caption={t('requests.caption')} columns={columns} rows={entries} rowKey={callOf} loading={loading ? 3 : 0} />
}
