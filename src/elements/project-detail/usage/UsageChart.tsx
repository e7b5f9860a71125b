import { useLang, useT, type Translate } from '../../../i18n'
import { usage as texts } from '../../../i18n/en/usage'
import { english } from '../english'
import { formatCount, formatDay, sum } from './usage-data'

const VALID = 'var(--fx-accent)'
const REFUSED = 'var(--fx-danger)'
// The chart's few one-off styles are inline: as classes they would add to the
// stylesheet of the chunk. Not the scale's figures: the word "tabular-nums" in
// any string is a utility to the class scan, whose rule brings five variables
// onto every element besides.
const NUMBERS = { textAlign: 'end' } as const
const INDENT = { marginInlineStart: 48 }
// Forced colours would replace a swatch's background with the page's, and the legend would lose its keys.
const SWATCH = { display: 'inline-block', width: 12, height: 12, borderRadius: 2, forcedColorAdjust: 'none' } as const

/** The top of the scale: the day's highest total rounded up to 1, 2 or 5 times a power of ten. */
export function scaleTop(max: number): number {
  if (max <= 1) return 1
  const power = 10 ** Math.floor(Math.log10(max))
  return ([1, 2, 5, 10].find((m) => m * power >= max) ?? 10) * power
}

/**
 * "API requests, last 30 days: 40 valid, 5 refused" (with the key's name when
 * one is picked), in `t`'s language, numbers in `lang`'s.
 */
export function usageSummary(
  days: number,
  valid: readonly number[],
  invalid: readonly number[],
  keyName?: string,
  t: Translate<typeof texts> = english(texts),
  lang = 'en',
): string {
  const counts = { days, valid: formatCount(sum(valid), lang), refused: formatCount(sum(invalid), lang) }
  return keyName ? t('usage.summary.key', { key: keyName, ...counts }) : t('usage.summary', counts)
}

export interface UsageChartProps {
  days: string[]
  valid: number[]
  invalid: number[]
  /** The accessible name: what the chart shows, in one sentence. */
  summary: string
}

/**
 * Requests per day, valid stacked under refused: one bar a day, oldest at the
 * start (the left; in right to left the SVG is mirrored, like its labels). Our
 * own small SVG (no charting library); the numbers are also in a table that
 * only assistive technology reads, and each bar tells its day and counts on hover.
 */
export function UsageChart({ days, valid, invalid, summary }: UsageChartProps) {
  const t = useT(texts)
  const lang = useLang()
  const count = (n: number) => formatCount(n, lang)
  const day = (d: string) => formatDay(d, lang)
  const n = days.length
  const top = scaleTop(Math.max(0, ...days.map((_, i) => valid[i] + invalid[i])))
  // 10 units a day, 100 high; stretched to the chart's width, so text stays outside the SVG.
  const y = (v: number) => (v / top) * 100
  return (
    <figure className="m-0">
      <div className="flex gap-2">
        <div aria-hidden="true" className="flex w-10 shrink-0 flex-col justify-between text-xs text-muted [font-variant-numeric:tabular-nums]" style={NUMBERS}>
          <span>{count(top)}</span>
          <span>{count(top / 2)}</span>
          <span>{count(0)}</span>
        </div>
        <svg
          role="img"
          aria-label={summary}
          viewBox={`0 0 ${n * 10} 100`}
          preserveAspectRatio="none"
          className="block min-w-0 flex-1 rtl:[transform:scaleX(-1)]"
          style={{ height: 160 }}
        >
          {[0, 50, 100].map((at) => (
            <line key={at} x1="0" x2={n * 10} y1={at} y2={at} stroke="var(--fx-border)" strokeWidth="1" vectorEffect="non-scaling-stroke" />
          ))}
          {days.map((d, i) => {
            const v = y(valid[i])
            const r = y(invalid[i])
            return (
              <g key={d}>
                <title>{t('usage.day', { day: day(d), valid: count(valid[i]), refused: count(invalid[i]) })}</title>
                {/* The whole column takes the hover, not only its bar. */}
                <rect x={i * 10} y="0" width="10" height="100" fill="transparent" />
                {valid[i] > 0 && <rect x={i * 10 + 1.5} y={100 - v} width="7" height={v} fill={VALID} />}
                {invalid[i] > 0 && <rect x={i * 10 + 1.5} y={100 - v - r} width="7" height={r} fill={REFUSED} />}
              </g>
            )
          })}
        </svg>
      </div>
      <div aria-hidden="true" className="mt-1 flex justify-between text-xs text-muted" style={INDENT}>
        <span>{n > 0 ? day(days[0]) : ''}</span>
        <span>{t('usage.today')}</span>
      </div>
      <figcaption className="mt-3 flex flex-wrap gap-4 text-sm text-fg" style={INDENT}>
        <span className="flex items-center gap-2">
          <span aria-hidden="true" style={{ ...SWATCH, background: VALID }} />
          {t('usage.valid', { count: count(sum(valid)) })}
        </span>
        <span className="flex items-center gap-2">
          <span aria-hidden="true" style={{ ...SWATCH, background: REFUSED }} />
          {t('usage.refused', { count: count(sum(invalid)) })}
        </span>
      </figcaption>
      <table className="sr-only">
        <caption>{t('usage.table.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('usage.table.day')}</th>
            <th scope="col">{t('usage.table.valid')}</th>
            <th scope="col">{t('usage.table.refused')}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d, i) => (
            <tr key={d}>
              <th scope="row">{day(d)}</th>
              <td>{valid[i]}</td>
              <td>{invalid[i]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}
