let formatter: Intl.DateTimeFormat | undefined

/**
 * A project's createDate in the user's locale. The server sends ISO text; a
 * value that is not a date is shown as sent (it is only displayed), an empty
 * one as a dash.
 */
export function formatDate(value: string): string {
  if (!value.trim()) return '—'
  const date = new Date(/^\d+$/.test(value) ? Number(value) : value)
  if (Number.isNaN(date.getTime())) return value
  formatter ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })
  return formatter.format(date)
}
