import { useEffect, useId, useState } from 'react'
import { LOG_REQUEST_ID_MAX, LOG_ROUTE_MAX } from '../../../contract/constants'
import type { Project } from '../../api/types'
import { useLang, useT } from '../../i18n'
import { requests } from '../../i18n/en/requests'
import { FILTER, FilterBar, FilterSelect, ModeFilter } from '../FilterSelect'
import { formatDuration } from '../webhooks/format-time'
import { Heading } from '../Heading'
import { RequestLog } from './RequestLog'
import { useRequestLog, type LogFilter } from './useRequestLog'
import { FOCUS_RING } from '../focus-ring'

/** Rows a page: the section's first look, and each "Load more". */
export const SECTION_PAGE = 50
/** The typed filters (route, request id) ask once typing pauses, not at every key. */
const TYPING_PAUSE_MS = 400

// The status classes offered, each with its words (their ids written out, so the catalog's check finds them).
const STATUSES = [
  ['2xx', 'requests.filter.success'],
  ['4xx', 'requests.filter.clientErrors'],
  ['5xx', 'requests.filter.serverErrors'],
] as const
// The methods offered (the server filters by any it stores; these are the ones an API mostly answers), named as HTTP names them in every language.
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']
// The slow calls' thresholds offered, in milliseconds as the Duration column shows them; each a bound of the
// rollups' latency buckets (server/resources/logs/histogram.ts), so the server looks only in hours with such calls.
const DURATIONS = [100, 500, 1000, 5000]
const fieldClass = `h-8 w-full min-w-0 max-w-full rounded-flex border border-input-border bg-bg px-2 py-1 text-fg ${FOCUS_RING}`

/** 'Requests': the project's recent calls, filtered by key, status class, method, duration, route, request id and (with a test key) mode, live while the section is shown. */
export function RequestsSection({ project }: { project: Project }) {
  const t = useT(requests)
  const lang = useLang()
  const heading = useId()
  // The filters as the contract's query names them, '' for all: a filter is a select (or a typed box) and nothing more.
  // The typed ones are there from the start, so their first setting (to '' once typing pauses) leaves the values, and the log, as they are.
  const [filters, setFilters] = useState<Record<string, string>>({ route: '', requestId: '' })
  const set = (name: keyof LogFilter) => (value: string) => setFilters((f) => ({ ...f, [name]: value }))
  const keys = project.keys ?? []
  const testKeys = new Set(keys.flatMap((k) => (k.mode === 'test' ? [k.id] : [])))
  // A key deleted while it was the filter, or the last test key while Test was, leaves its filter: the select shows
  // "All" then, and the log must not go on asking for what no select says.
  const asked: Record<string, string> = {
    ...filters,
    key: keys.some((k) => k.id === filters.key) ? filters.key : '',
    mode: testKeys.size ? (filters.mode ?? '') : '',
  }
  // Dropped for good (the two compared as one text: each is its filter's or ''): a test key made later must not bring
  // Test back, narrowing the log unasked.
  if (asked.key + asked.mode != filters.key + filters.mode) setFilters(asked)
  const log = useRequestLog(project.id, asked, SECTION_PAGE)
  return (
    <section aria-labelledby={heading} className="mt-8 rounded-flex border border-border bg-surface p-4 cq-sm:p-6">
      <Heading id={heading} depth={1} className="text-lg font-semibold text-fg">
        {t('requests.heading')}
      </Heading>
      <p className="mt-1 text-sm text-muted">{t('requests.intro')}</p>
      {/* Each filter may shrink below its widest option (a long key name): the page never scrolls sideways. */}
      <FilterBar>
        <FilterSelect
          label={t('requests.filter.key')}
          value={asked.key}
          set={set('key')}
          options={[['', t('requests.filter.allKeys')], ...keys.map((k) => [k.id, k.name] as const)]}
        />
        <FilterSelect
          label={t('requests.filter.status')}
          value={filters.status ?? ''}
          set={set('status')}
          options={[['', t('requests.filter.allStatuses')], ...STATUSES.map(([v, words]) => [v, t(words)] as const)]}
        />
        <FilterSelect
          label={t('requests.column.method')}
          value={filters.method ?? ''}
          set={set('method')}
          options={[['', t('requests.filter.allMethods')], ...METHODS.map((m) => [m, m] as const)]}
        />
        <FilterSelect
          label={t('requests.column.duration')}
          value={filters.slowerThanMs ?? ''}
          set={set('slowerThanMs')}
          options={[
            ['', t('requests.filter.anyDuration')],
            ...DURATIONS.map((ms) => [String(ms), t('requests.filter.slowerThan', { duration: formatDuration(ms, lang) })] as const),
          ]}
        />
        {/* Live or test only matters once the project has a test key. */}
        {testKeys.size > 0 && <ModeFilter value={asked.mode} set={set('mode')} />}
        <TypedFilter label={t('requests.filter.route')} max={LOG_ROUTE_MAX} set={set('route')} />
        <TypedFilter label={t('requests.detail.id')} max={LOG_REQUEST_ID_MAX} set={set('requestId')} />
      </FilterBar>
      <RequestLog log={log} projectId={project.id} keyId={asked.key || undefined} filtered={Object.values(asked).some(Boolean)} testKeys={testKeys} />
    </section>
  )
}

/**
 * A filter typed in full (a route template, a request id): code, so left to right in every language. Its text is
 * the filter once typing pauses, spaces around it left out.
 */
function TypedFilter({ label, max, set }: { label: string; max: number; set: (v: string) => void }) {
  const id = useId()
  const [value, setValue] = useState('')
  useEffect(() => {
    const timer = setTimeout(() => set(value.trim()), TYPING_PAUSE_MS)
    return () => clearTimeout(timer)
    // `set` is the section's setter of this one filter, made again at each render: the text alone says when to ask.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value])
  return (
    <span className={FILTER}>
      <label htmlFor={id} className="whitespace-nowrap text-muted">
        {label}
      </label>
      <input id={id} type="search" dir="ltr" maxLength={max} value={value} onChange={(e) => setValue(e.target.value)} className={`${fieldClass} font-mono`} />
    </span>
  )
}
