import { formatDate } from '../../format-date'
import { intlFormat } from '../../intl-format'
import type { Translate } from '../../i18n'
import { keys as texts } from '../../i18n/en/keys'
import { english } from './english'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * "just now", "2 min ago", "5 h ago", "3 days ago" (in `t`'s language); past a
 * month, the date in `lang`. Catalog texts, not Intl.RelativeTimeFormat: its English
 * ("2 min. ago", "yesterday") is not the table's.
 */
export function timeAgo(value: string, now = Date.now(), t: Translate<typeof texts> = english(texts), lang?: string): string {
  const ago = now - Date.parse(value)
  if (Number.isNaN(ago)) return formatDate(value, lang)
  if (ago < MINUTE) return t('keys.ago.now')
  if (ago < HOUR) return t('keys.ago.minutes', { count: Math.floor(ago / MINUTE) })
  if (ago < DAY) return t('keys.ago.hours', { count: Math.floor(ago / HOUR) })
  if (ago < 30 * DAY) return t('keys.ago.days', { count: Math.floor(ago / DAY) })
  return formatDate(value, lang)
}

/** The exact moment, for a title: date and time in the reader's language (`lang`, a BCP 47 tag). */
export function exactTime(value: string, lang: string): string {
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return value
  return intlFormat(Intl.DateTimeFormat, lang, { dateStyle: 'medium', timeStyle: 'short' }, date)
}
