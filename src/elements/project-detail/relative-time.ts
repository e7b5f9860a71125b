import { formatDate } from '../../format-date'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** "just now", "2 min ago", "5 h ago", "3 days ago"; past a month, the date. */
export function timeAgo(value: string, now = Date.now()): string {
  const ago = now - Date.parse(value)
  if (Number.isNaN(ago)) return formatDate(value)
  if (ago < MINUTE) return 'just now'
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`
  if (ago < DAY) return `${Math.floor(ago / HOUR)} h ago`
  if (ago < 30 * DAY) return `${Math.floor(ago / DAY)} ${ago < 2 * DAY ? 'day' : 'days'} ago`
  return formatDate(value)
}

/** The exact moment, for a title: the reader's locale, date and time. */
export function exactTime(value: string): string {
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? value : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
}
