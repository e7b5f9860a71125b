let formatter: Intl.DateTimeFormat | undefined

/** A delivery's time in the reader's locale, to the second: attempts minutes apart must read apart. */
export function formatTime(value: string): string {
  const date = new Date(value)
  if (!value || Number.isNaN(date.getTime())) return value || '—'
  formatter ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' })
  return formatter.format(date)
}
