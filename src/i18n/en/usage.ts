import { plural } from '../plural'
import type { Locale } from '../types'

const lastDays = (lang: string, days: number) => plural(lang, days, { one: 'last day', other: 'last # days' })

/** `valid` and `refused` come formatted in the reader's language. */
type Counts = { valid: string; refused: string }

/** English texts of a project's Usage section, its chart, and the keys table's requests cells. */
export const usage = {
  'usage.heading': 'Usage',
  'usage.intro': ({ days }: { days: number }, { lang }: Locale) =>
    plural(lang, days, { one: 'Key verifications per day over the last day, in UTC.', other: 'Key verifications per day over the last # days, in UTC.' }),
  'usage.loading': 'Loading usage…',
  'usage.loadFailed': 'Usage could not be loaded.',
  'usage.empty': 'No requests yet: verify a key to see it here',
  'usage.howTo': 'How to verify a key',
  'usage.newTab': '(opens in a new tab)',
  'usage.key': 'Key',
  'usage.allKeys': 'All keys',
  /** A key deleted since: its requests still count. */
  'usage.deletedKey': ({ name }: { name: string }) => `${name} (deleted)`,
  /** The chart's accessible name. */
  'usage.summary': ({ days, valid, refused }: Counts & { days: number }, { lang }: Locale) =>
    `API requests, ${lastDays(lang, days)}: ${valid} valid, ${refused} refused`,
  'usage.summary.key': ({ key, days, valid, refused }: Counts & { key: string; days: number }, { lang }: Locale) =>
    `API requests for ${key}, ${lastDays(lang, days)}: ${valid} valid, ${refused} refused`,
  'usage.counts': ({ valid, refused }: Counts) => `${valid} valid, ${refused} refused`,
  'usage.day': ({ day, valid, refused }: Counts & { day: string }) => `${day}: ${valid} valid, ${refused} refused`,
  'usage.today': 'Today',
  'usage.valid': ({ count }: { count: string }) => `${count} valid`,
  'usage.refused': ({ count }: { count: string }) => `${count} refused`,
  'usage.table.caption': 'API requests per day',
  'usage.table.day': 'Day',
  'usage.table.valid': 'Valid',
  'usage.table.refused': 'Refused',
}
