/**
 * The request-log calls (servers that name the `request-logs` feature): a
 * project's recent calls, page by page, and their per-day summary. Each takes
 * the session's caller first (useManageApi's `call`, which supplies the
 * api-base and the token and handles a 401). Answers are checked as parse.ts checks the others.
 */
// The shapes come from the schema contract the server validates with; type-only imports.
import { LOG_SUMMARY_DAYS_MAX } from '../../contract/constants'
import type { LogPage, LogQuery, LogSummary } from '../../contract/logs'
import { bad, isObject, raw, text } from './parse'
import type { ManageCall } from './request'

/** The page's query as the widget builds it (the contract's, with `limit` a number). */
export type PageQuery = Omit<LogQuery, 'limit'> & { limit?: number }

const seg = encodeURIComponent
const int = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? Math.round(x) : 0)
const ms = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? Math.round(x) : null)

/** The query string of the set fields only, in the order given. */
function queryOf(query: Record<string, string | number | undefined>): string {
  const parts = Object.entries(query).filter(([, v]) => v !== undefined && v !== '')
  return parts.length ? `?${parts.map(([k, v]) => `${k}=${seg(String(v))}`).join('&')}` : ''
}

export function parseLogPage(x: unknown): LogPage {
  if (!isObject(x) || !Array.isArray(x.entries)) throw bad('error.unreadable')
  const entries = x.entries
    // No more than a page holds (`limit` is 1–100): a broken server's 200,000 rows, redrawn at each poll, would hang the page.
    .slice(0, 100)
    .filter((e) => isObject(e) && raw(e.requestId))
    .map((e: Record<string, unknown>) => ({
      requestId: raw(e.requestId),
      keyId: text(e.keyId),
      keyName: typeof e.keyName === 'string' ? e.keyName : null,
      method: text(e.method),
      route: raw(e.route),
      status: int(e.status),
      durationMs: int(e.durationMs),
      at: text(e.at),
    }))
  return { entries, next: raw(x.next) || undefined }
}

/** The summary as the Usage section reads it: each day's calls, errors and p95 (the rest of a bucket is not read). */
export type SummaryDay = Pick<LogSummary['buckets'][number], 'start' | 'requests' | 'errors' | 'p95Ms'>

export function parseLogSummary(x: unknown): { buckets: SummaryDay[] } {
  if (!isObject(x) || !Array.isArray(x.buckets)) throw bad('error.unreadable')
  const buckets = x.buckets
    .filter((b) => isObject(b) && text(b.start))
    .map((b: Record<string, unknown>) => ({ start: text(b.start), requests: int(b.requests), errors: int(b.errors), p95Ms: ms(b.p95Ms) }))
    // No more than the API answers (24 hours, or up to 90 days): a broken server's 200,000 would hang the page.
    .slice(-LOG_SUMMARY_DAYS_MAX)
  return { buckets }
}

/**
 * `GET /manage/dapp/{id}/logs`: the newest calls first; `query.before` is the previous page's `next`.
 * The query goes as it is (typed by the contract), so a filter the contract adds needs nothing here.
 */
export async function getLogs(call: ManageCall, projectId: string, query: PageQuery, signal?: AbortSignal): Promise<LogPage> {
  return parseLogPage(await call({ method: 'GET', path: `/manage/dapp/${seg(projectId)}/logs${queryOf(query)}`, signal }))
}

/** `GET /manage/dapp/{id}/logs/summary`: calls, errors and latency per UTC day over `days` days. */
export async function getLogSummary(call: ManageCall, projectId: string, days: number, signal?: AbortSignal): Promise<{ buckets: SummaryDay[] }> {
  return parseLogSummary(await call({ method: 'GET', path: `/manage/dapp/${seg(projectId)}/logs/summary${queryOf({ days })}`, signal }))
}
