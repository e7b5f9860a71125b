const formatters = new Map<string, Intl.DateTimeFormat>()

/** A delivery's time in the reader's language (`useLang()`), to the second: attempts minutes apart must read apart. */
export function formatTime(value: string, lang: string): string {
  const date = new Date(value)
  if (!value || Number.isNaN(date.getTime())) return value || '—'
  let formatter = formatters.get(lang)
  if (!formatter) formatters.set(lang, (formatter = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'medium' })))
  return formatter.format(date)
}

const durations = new Map<string, Intl.NumberFormat>()

/** A delivery's duration in milliseconds, its number and unit as the reader's language writes them ("42 ms"). */
export function formatDuration(ms: number, lang: string): string {
  let formatter = durations.get(lang)
  if (!formatter) durations.set(lang, (formatter = new Intl.NumberFormat(lang, { style: 'unit', unit: 'millisecond' })))
  return formatter.format(ms)
}
