import { intlFormat } from './intl-format'

/**
 * A project's or key's date in the reader's language (`lang`, the element's
 * BCP 47 tag: useLang()). The server sends ISO text; a value that is not a
 * date is shown as sent (it is only displayed), an empty one as a dash.
 */
export function formatDate(value: string, lang?: string): string {
  if (!value.trim()) return '—'
  const date = new Date(/^\d+$/.test(value) ? Number(value) : value)
  if (Number.isNaN(date.getTime())) return value
  return intlFormat(Intl.DateTimeFormat, lang, { dateStyle: 'medium' }, date)
}
