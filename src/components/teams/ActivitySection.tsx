import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { detailText, getAudit, type AuditEntry } from '../../api/audit'
import type { ManageCall } from '../../api/request'
import { errorMessage } from '../../error-text'
import { Alert } from '../Alert'
import { Button } from '../Button'
import { TeamSection } from './TeamSection'
import { formatTime } from '../webhooks/format-time'
import { StackTable } from '../webhooks/StackTable'
import { useLang, useT } from '../../i18n'
import { teams } from '../../i18n/en/teams'
import { common } from '../../i18n/en/common'
import { actionText, KIND_NAME, KINDS, kindOf, type Kind } from './activity-kinds'

/** Entries per page: a screenful, and the server's cursor (`before`) fetches the next. */
export const PAGE = 25

/** What changed, in the server's words; the bare id of what it was done to only when nothing else names it. */
const what = (e: AuditEntry) => detailText(e.details) || e.target

/**
 * The project's audit log (admins and owners): who did what, newest first,
 * filtered by kind, paged with "Load more". The filter applies to the entries
 * loaded so far, so choosing a kind never loses the place in the log.
 */
export function ActivitySection({ call, projectId }: { call: ManageCall; projectId: string }) {
  const t = useT(teams)
  const c = useT(common)
  const lang = useLang()
  const [entries, setEntries] = useState<AuditEntry[]>([])
  const [state, setState] = useState<'loading' | 'idle' | 'end'>('loading')
  const [error, setError] = useState<unknown>(undefined)
  const [kind, setKind] = useState<Kind>('all')
  const filterId = useId()
  const live = useRef<AbortController | null>(null)

  const load = useCallback(
    (before?: string) => {
      live.current?.abort()
      const controller = (live.current = new AbortController())
      setState('loading')
      setError(undefined)
      getAudit(call, projectId, { limit: PAGE, before }, controller.signal).then(
        (page) => {
          if (controller.signal.aborted) return
          setEntries((had) => (before ? [...had, ...page] : page))
          setState(page.length < PAGE ? 'end' : 'idle')
        },
        (e: unknown) => {
          if (controller.signal.aborted) return
          setError(e)
          setState('idle')
        },
      )
    },
    [call, projectId],
  )
  useEffect(() => {
    load()
    return () => live.current?.abort()
  }, [load])

  const last = entries.at(-1)
  const more = () => load(last?.id)
  const shown = kind === 'all' ? entries : entries.filter((e) => kindOf(e.action) === kind)
  const first = state === 'loading' && entries.length === 0

  return (
    <TeamSection
      heading={t('activity.heading')}
      actions={
        <div className="flex min-w-0 max-w-full flex-wrap items-center gap-2">
          <label htmlFor={filterId} className="text-sm text-muted">
            {t('activity.filter')}
          </label>
          <select
            id={filterId}
            value={kind}
            onChange={(e) => setKind(e.target.value as Kind)}
            className="min-w-0 max-w-full rounded-flex border border-border bg-bg px-3 py-2 text-sm text-fg focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent"
          >
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {t(KIND_NAME[k])}
              </option>
            ))}
          </select>
        </div>
      }
    >
      {error !== undefined && (
        <Alert className="mt-4" onRetry={() => load(entries.length ? last?.id : undefined)}>
          {errorMessage(error)}
        </Alert>
      )}
      {first && (
        <p role="status" className="sr-only">
          {c('common.loading')}
        </p>
      )}
      {!first && shown.length === 0 ? (
        error === undefined && (
          <p className="mt-4 rounded-flex border border-dashed border-border px-4 py-8 text-center text-sm text-muted">
            {entries.length === 0 ? t('activity.empty') : t('activity.noMatch')}
          </p>
        )
      ) : (
        <StackTable
          caption={t('activity.caption')}
          columns={[t('activity.column.when'), t('activity.column.who'), t('activity.column.what')]}
          // What happened takes the room left, its details wrapping in it; the first page loads in grey rows.
          name={2}
          loading={first ? 3 : 0}
          rows={shown.map((e) => ({
            key: e.id,
            cells: [
              <time dateTime={e.at} className="text-muted">
                {formatTime(e.at, lang)}
              </time>,
              // The name may be cut, the address never is: anyone can take a name, only one account an address.
              <span className="block max-w-[12rem]">
                <span dir="auto" title={e.actor.name || undefined} className="block overflow-hidden text-ellipsis">
                  {e.actor.name || t('activity.someone')}
                </span>
                {e.actor.email && (
                  <span dir="ltr" className="block whitespace-normal break-all text-xs text-muted">
                    {e.actor.email}
                  </span>
                )}
              </span>,
              <span className="block">
                <span data-name="" className="block truncate">
                  {actionText(e.action, t)}
                </span>
                {what(e) && (
                  <span dir="auto" title={e.target || undefined} className="block whitespace-normal break-words text-xs text-muted">
                    {what(e)}
                  </span>
                )}
              </span>,
            ],
          }))}
        />
      )}
      {entries.length > 0 && (
        <div className="mt-4 flex items-center gap-3">
          {state === 'end' ? (
            <p className="text-sm text-muted">{t('activity.end')}</p>
          ) : (
            <Button variant="secondary" onClick={more} pending={state === 'loading'} pendingLabel={c('common.loading')}>
              {t('activity.more')}
            </Button>
          )}
        </div>
      )}
    </TeamSection>
  )
}
