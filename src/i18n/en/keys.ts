import { plural } from '../plural'
import type { Locale } from '../types'

type Count = { count: number }

/**
 * English texts of a project's API keys: 'API Actions' with the counter, the
 * keys table (its statuses and times), and the key dialogs. The spec's texts,
 * exactly. `{when}` in a host's text marks where the time goes.
 */
export const keys = {
  'keys.heading': 'API keys',
  /** The counter beside the heading: active keys of the project's limit. */
  'keys.count': ({ active, limit }: { active: number; limit: number }, { lang }: Locale) =>
    `${active.toLocaleString(lang)} of ${plural(lang, limit, { one: '# key', other: '# keys' })}`,
  'keys.actions': 'API Actions',
  'keys.create': 'Create',
  'keys.creating': 'Creating…',
  'keys.delete': 'Delete',
  'keys.delete.none': 'This project has no API keys to delete.',
  'keys.limitReached': 'Key limit reached: delete a key to create another.',
  'keys.deleted': 'Successfully deleted!',
  'keys.pick.title': 'Pick Key To Delete',
  'keys.pick.submit': 'Confirm',
  'keys.pick.pending': 'Deleting…',
  'keys.pick.field': 'API Project ID',
  'keys.deleteOne.title': 'Delete API key',
  'keys.deleteOne.submit': 'Delete key',
  'keys.deleteOne.text': ({ name, id }: { name: string; id: string }) => `${name} (${id}): anything using it stops working at once.`,
  'keys.new.title': 'New API Information',
  'keys.new.text': 'Copy the Project ID and API key. This is your new API pairing!',
  'keys.new.apiProjectId': 'API Project ID',
  'keys.new.apiKey': 'API Key',
  'keys.new.exit': 'Exit',
  'keys.new.projectId': 'Project ID',
  'keys.edit.title': 'Edit API key',
  'keys.edit.save': 'Save',
  'keys.edit.name': 'Key name',
  'keys.edit.expires': 'Expires',
  'keys.expiry.unchanged': 'Unchanged',
  'keys.expiry.never': 'Never',
  'keys.expiry.in30Days': 'In 30 days',
  'keys.expiry.in90Days': 'In 90 days',
  'keys.roll.title': 'Roll API key',
  'keys.roll.submit': 'Roll key',
  'keys.roll.text': ({ name }: { name: string }) => `${name}: a new key with this name replaces it.`,
  'keys.roll.grace': 'The old key stops working',
  'keys.grace.now': 'Now',
  'keys.grace.inHour': 'In 1 hour',
  'keys.grace.inDay': 'In 24 hours',
  'keys.grace.inWeek': 'In 7 days',
  'keys.table.name': 'API keys',
  'keys.column.name': 'Name',
  'keys.column.id': 'API Project ID',
  'keys.column.key': 'Key',
  'keys.column.created': 'Created',
  'keys.column.lastUsed': 'Last used',
  'keys.column.requests': 'Requests (30\u00a0d)',
  'keys.column.status': 'Status',
  'keys.column.actions': 'Actions',
  'keys.copyId': ({ id }: { id: string }) => `Copy API Project ID ${id}`,
  'keys.replaces': ({ id }: { id: string }) => `Replaces ${id}`,
  'keys.lastUsed.never': 'Never',
  /** A key card's line: `when` is the last use ("2 min ago", "Never"). */
  'keys.card.lastUsed': ({ when }: { when: string }) => `Last used ${when}`,
  /** A key card's line under the usage column: `count` is the key's requests over 30 days. */
  'keys.card.requests': ({ count }: { count: string }) => `Requests (30\u00a0d): ${count}`,
  'keys.action.edit': 'Edit',
  'keys.action.roll': 'Roll',
  'keys.action.delete': 'Delete',
  'keys.action.editKey': ({ key }: { key: string }) => `Edit key ${key}`,
  'keys.action.menu': ({ key }: { key: string }) => `Actions for key ${key}`,
  'keys.action.rollKey': ({ key }: { key: string }) => `Roll key ${key}`,
  'keys.action.deleteKey': ({ key }: { key: string }) => `Delete key ${key}`,
  'keys.status.active': 'Active',
  'keys.status.expired': 'Expired',
  /** `left`: a keys.left.* text. */
  'keys.status.expires': ({ left }: { left: string }) => `Expires in ${left}`,
  'keys.status.replaced': ({ left }: { left: string }) => `Replaced — stops in ${left}`,
  /** How long a key has left, rounded down, as a countdown reads: "5 min", "23 h", "3 days". */
  'keys.left.minutes': ({ count }: Count, { lang }: Locale) => plural(lang, count, { other: '# min' }),
  'keys.left.hours': ({ count }: Count, { lang }: Locale) => plural(lang, count, { other: '# h' }),
  'keys.left.days': ({ count }: Count, { lang }: Locale) => plural(lang, count, { one: '# day', other: '# days' }),
  /** When a key was last used; past a month, its date. */
  'keys.ago.now': 'just now',
  'keys.ago.minutes': ({ count }: Count, { lang }: Locale) => plural(lang, count, { other: '# min ago' }),
  'keys.ago.hours': ({ count }: Count, { lang }: Locale) => plural(lang, count, { other: '# h ago' }),
  'keys.ago.days': ({ count }: Count, { lang }: Locale) => plural(lang, count, { one: '# day ago', other: '# days ago' }),
  /** Under the key picker of the header's Delete: what deleting does, as the row's Delete says it. */
  'keys.pick.warning': 'Anything using the chosen key stops working at once.',
  // Key restrictions (servers with a scope catalog): the table's badge, Access column and filter.
  /** The badge beside a test key's name. */
  'keys.mode.test': 'Test',
  'keys.column.access': 'Access',
  'keys.access.full': 'Full access',
  'keys.access.readOnly': 'Read only',
  'keys.access.scopes': ({ count }: Count, { lang }: Locale) => plural(lang, count, { one: '# scope', other: '# scopes' }),
  'keys.access.ips': ({ count }: Count, { lang }: Locale) => plural(lang, count, { one: '# IP range', other: '# IP ranges' }),
  'keys.filter': 'Show',
  'keys.filter.all': 'All keys',
  'keys.filter.live': 'Live keys',
  'keys.filter.test': 'Test keys',
  'keys.filter.empty': 'No keys of this kind.',
}
