import { intlFormat } from '../../intl-format'

/** A delivery's time in the reader's language (`useLang()`), to the second: attempts minutes apart must read apart. */
export function formatTime(value: string, lang: string): string {
  const date = new Date(value)
  if (!value || Number.isNaN(date.getTime())) return value || '—'
  return intlFormat(Intl.DateTimeFormat, lang, { dateStyle: 'medium', timeStyle: 'medium' }, date)
}

/** A delivery's duration in milliseconds, its number and unit as the reader's language writes them ("42 ms"). */
export function formatDuration(ms: number, lang: string): string {
  return intlFormat(Intl.NumberFormat, lang, { style: 'unit', unit: 'millisecond' }, ms)
}
