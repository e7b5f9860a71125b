import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { getAudit, type AuditEntry } from '../../api/audit'
import type { ManageCall } from '../../api/request'
import { useErrorText } from '../../hooks/useErrorText'
import { Alert } from '../Alert'
import { Button } from '../Button'
import { TeamSection } from './TeamSection'
import { formatTime } from '../webhooks/format-time'
import { StackTable } from '../webhooks/StackTable'
import { useLang, useT } from '../../i18n'
import { teams } from '../../i18n/en/teams'
import { roles } from '../../i18n/en/roles'
import { common } from '../../i18n/en/common'
import { KIND_NAME, KINDS, kindOf, type Kind } from './activity-kinds'
import { activitySentence } from './activity-sentence'
import { useFreshEntries } from './useFreshEntries'

/** Entries per page: a screenful, and the server's cursor (`before`) fetches the next. */
export const PAGE = 25

/**
 * The project's audit log (admins and owners): who did what, newest first,
 * filtered by kind, paged with "Load more". The filter applies to the entries
 * loaded so far, so choosing a kind never loses the place in the log.
 */
export function ActivitySection({ call, projectId }: { call: ManageCall; projectId: string }) {
  const t = useT(teams)
  const errorText = useErrorText()
  const c = useT(common)
  const r = useT(roles)
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
  // New entries come in at the top while the section is open (on focus, every 30 s while the page is seen).
  useFreshEntries(call, projectId, PAGE, setEntries, load)

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
            className="min-w-0 max-w-full rounded-flex border border-input-border bg-bg px-3 py-2 text-sm text-fg focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent"
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
          {errorText(error)}
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
          columns={[t('activity.column.what')]}
          // One column: the sentence, with when and the actor's address under it. Every entry reads the same
          // way on a phone as on a laptop, and a long sentence has the whole width to wrap in.
          name={0}
          loading={first ? 3 : 0}
          rows={shown.map((e) => ({
            key: e.id,
            cells: [
              <span className="block whitespace-normal break-words">
                <span data-name="" className="block">
                  {activitySentence(e, t, r, lang)}
                </span>
                <span className="block text-xs text-muted">
                  <time dateTime={e.at}>{formatTime(e.at, lang)}</time>
                  {/* The address, never cut: anyone can take a name, only one account an address. A box of its own (the separator
                      outside, or a line's start would eat its space) goes whole to the next line, and breaks only if longer than one. */}
                  {e.actor.email && e.actor.name && (
                    <>
                      {' · '}
                      <span dir="ltr" className="inline-block break-all">
                        {e.actor.email}
                      </span>
                    </>
                  )}
                </span>
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
