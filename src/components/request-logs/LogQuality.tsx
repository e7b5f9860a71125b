import { useCallback, useId } from 'react'
import { getLogSummary, type SummaryDay } from '../../api/request-logs'
import { useAsync } from '../../hooks/useAsync'
import { useErrorText } from '../../hooks/useErrorText'
import { useManageApi } from '../../hooks/useManageApi'
import { useLang, useT } from '../../i18n'
import { requests } from '../../i18n/en/requests'
import { Heading } from '../Heading'
import { DAY, intlFormat } from '../../intl-format'
import { formatDuration } from '../webhooks/format-time'

/** The days the Usage section covers. */
export const QUALITY_DAYS = 30

/** "2.5%" in the reader's language. */
function formatRate(errors: number, calls: number, lang: string): string {
  return intlFormat(Intl.NumberFormat, lang, { style: 'percent', maximumFractionDigits: 1 }, calls ? errors / calls : 0)
}

/** "Nov 3" for the bucket's UTC day. */
function formatDay(start: string, lang: string): string {
  const date = new Date(start)
  return Number.isNaN(date.getTime()) ? start : intlFormat(Intl.DateTimeFormat, lang, DAY, date)
}

// forcedColorAdjust: forced colours would replace a bar's background with the page's, and the chart would be empty.
const BAR = { display: 'block', flex: '1 1 0', minWidth: 2, alignSelf: 'flex-end', forcedColorAdjust: 'none' } as const

/** One row of bars, a day each, each bar's height its share of the row's highest value; its title tells the day. */
function Bars({ label, values, colour, titles }: { label: string; values: number[]; colour: string; titles: string[] }) {
  const top = Math.max(0, ...values)
  return (
    <div className="mt-3">
      <p className="text-xs text-muted">{label}</p>
      <div aria-hidden="true" className="mt-1 flex gap-px rtl:[transform:scaleX(-1)]" style={{ height: 40 }}>
        {values.map((v, i) => (
          <span key={i} title={titles[i]} style={{ ...BAR, height: `${top ? Math.max(2, (v / top) * 100) : 0}%`, background: colour }} />
        ))}
      </div>
    </div>
  )
}

/**
 * The Usage section's errors and p95 latency per UTC day, from the request
 * log's hourly rollups (`GET …/logs/summary`): two rows of bars and, for
 * assistive technology, the same numbers in a table.
 */
export function LogQuality({ projectId }: { projectId: string }) {
  const t = useT(requests)
  // Its own failures (no answer, a time-out) in the reader's language, a server's message as the server wrote it.
  const errorMessage = useErrorText()
  const lang = useLang()
  const headingId = useId()
  const { call } = useManageApi()
  const summary = useAsync(useCallback((signal: AbortSignal) => getLogSummary(call, projectId, QUALITY_DAYS, signal), [call, projectId]))
  const buckets: SummaryDay[] = summary.data?.buckets ?? []
  const calls = buckets.reduce((n, b) => n + b.requests, 0)
  const errors = buckets.reduce((n, b) => n + b.errors, 0)
  const worst = Math.max(0, ...buckets.map((b) => b.p95Ms ?? 0))
  const rate = (b: SummaryDay) => formatRate(b.errors, b.requests, lang)
  const p95 = (b: SummaryDay) => (b.p95Ms == null ? '—' : formatDuration(b.p95Ms, lang))
  const titles = buckets.map((b) => t('requests.quality.dayTitle', { day: formatDay(b.start, lang), rate: rate(b), p95: p95(b) }))
  let body
  if (summary.error !== undefined) body = <p className="mt-2 text-sm text-danger">{`${t('requests.quality.loadFailed')} ${errorMessage(summary.error)}`}</p>
  else if (!summary.data) body = null
  else if (calls === 0) body = <p className="mt-2 text-sm text-muted">{t('requests.quality.none')}</p>
  else
    body = (
      <figure className="m-0" aria-label={t('requests.quality.summary', { rate: formatRate(errors, calls, lang), p95: formatDuration(worst, lang) })}>
        <Bars
          label={t('requests.quality.errorRate')}
          values={buckets.map((b) => (b.requests ? b.errors / b.requests : 0))}
          colour="var(--fx-danger)"
          titles={titles}
        />
        <Bars label={t('requests.quality.p95')} values={buckets.map((b) => b.p95Ms ?? 0)} colour="var(--fx-accent)" titles={titles} />
        {/* Hidden in a box of its own: a table keeps its content's width whatever width sr-only gives it, and, absolutely
            placed, widened the page at 320 px; the box's 1 px and overflow hold it in. */}
        <div className="sr-only">
          <table>
            <caption>{t('requests.quality.heading')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('requests.quality.day')}</th>
                <th scope="col">{t('requests.quality.calls')}</th>
                <th scope="col">{t('requests.quality.errorRate')}</th>
                <th scope="col">{t('requests.quality.p95')}</th>
              </tr>
            </thead>
            <tbody>
              {buckets.map((b) => (
                <tr key={b.start}>
                  <th scope="row">{formatDay(b.start, lang)}</th>
                  <td>{b.requests}</td>
                  <td>{rate(b)}</td>
                  <td>{p95(b)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </figure>
    )
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <Heading id={headingId} depth={2} className="text-sm font-semibold text-fg">
        {t('requests.quality.heading')}
      </Heading>
      {body}
    </section>
  )
}
