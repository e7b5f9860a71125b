import { plural } from '../plural'
import type { Locale } from '../types'

/** English texts of a project's Requests section, its detail dialog and <flex-request-log>. */
export const requests = {
  'requests.heading': 'Requests',
  'requests.intro': "Calls made with this project's keys, newest first; new ones appear while this section is open.",
  'requests.loading': 'Loading requests…',
  'requests.loadFailed': 'Requests could not be loaded.',
  'requests.moreFailed': 'Older requests could not be loaded.',
  'requests.empty': 'No calls yet.',
  'requests.copy': 'Copy',
  'requests.firstCall': 'Call your API with this key in the Authorization header; the call shows here within seconds:',
  'requests.noMatch': 'No requests match these filters.',
  'requests.filter.key': 'Key',
  'requests.filter.allKeys': 'All keys',
  'requests.filter.status': 'Status',
  'requests.filter.allStatuses': 'Any status',
  'requests.filter.success': 'Success (2xx)',
  'requests.filter.clientErrors': 'Client errors (4xx)',
  'requests.filter.serverErrors': 'Server errors (5xx)',
  'requests.filter.allMethods': 'All methods',
  'requests.filter.anyDuration': 'Any duration',
  /** A duration filter's option: calls that took longer than this ("1,000 ms"). */
  'requests.filter.slowerThan': ({ duration }: { duration: string }) => `Slower than ${duration}`,
  'requests.filter.route': 'Route',
  'requests.caption': 'Recent requests',
  'requests.column.time': 'Time',
  'requests.column.key': 'Key',
  'requests.column.method': 'Method',
  'requests.column.route': 'Route',
  'requests.column.status': 'Status',
  'requests.column.duration': 'Duration',
  /** A key deleted since the call. */
  'requests.deletedKey': 'Deleted key',
  'requests.status.success': 'Success',
  'requests.status.redirect': 'Redirect',
  'requests.status.clientError': 'Client error',
  'requests.status.serverError': 'Server error',
  'requests.status.other': 'Informational',
  'requests.loadMore': 'Load more',
  'requests.loadingMore': 'Loading older requests…',
  /** Read out (politely) when a load (a filter changed) brings rows: how many the table now shows. */
  'requests.shown': ({ count }: { count: number }, { lang }: Locale) => plural(lang, count, { one: '1 request shown', other: '# requests shown' }),
  /** Read out (politely) when a poll brings new rows: one sentence a poll, never the rows themselves. */
  'requests.news': ({ count }: { count: number }, { lang }: Locale) => plural(lang, count, { one: '1 new request', other: '# new requests' }),
  /** The route's button in a row: opens the request's detail. */
  'requests.open': ({ method, route, time }: { method: string; route: string; time: string }) => `Details of ${method} ${route} at ${time}`,
  'requests.detail.title': 'Request',
  'requests.detail.id': 'Request ID',
  'requests.detail.support': 'Give this ID to support: it finds this call.',
  'requests.detail.close': 'Close',
  'requests.screen.heading': 'Your last calls',
  'requests.screen.noProject': 'Set the project-id attribute to show its calls.',
  'requests.screen.notOffered': 'This server does not keep request logs.',
  'requests.screen.loading': 'Loading…',
  /** The Usage section's errors and latency per day (servers with request logs). */
  'requests.quality.heading': 'Errors and latency',
  'requests.quality.summary': ({ rate, p95 }: { rate: string; p95: string }) =>
    `Calls per day, last 30 days: ${rate} answered with an error; p95 latency up to ${p95}`,
  'requests.quality.none': 'No calls reported in the last 30 days.',
  'requests.quality.errorRate': 'Error rate',
  'requests.quality.p95': 'p95 latency',
  'requests.quality.day': 'Day',
  'requests.quality.calls': 'Calls',
  'requests.quality.dayTitle': ({ day, rate, p95 }: { day: string; rate: string; p95: string }) => `${day}: ${rate} errors, p95 ${p95}`,
  'requests.quality.loadFailed': 'Errors and latency could not be loaded.',
}
