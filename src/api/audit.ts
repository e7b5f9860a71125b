/**
 * A project's audit log (server/resources/audit/, servers that name `teams`):
 * its pages, checked as every answer is (components/teams/activity-sentence.ts puts an entry in words).
 */
import type { AuditEntry } from '../../contract/teams'
import { bad, isObject, text } from './parse'
import type { ManageCall } from './request'

export type { AuditEntry } from '../../contract/teams'

/** The page's entries, each an object with an id, else the one error for an answer that cannot be read. */
const entries = (x: unknown): Record<string, unknown>[] => {
  const list = isObject(x) && x.entries
  if (!Array.isArray(list) || !list.every((e) => isObject(e) && text(e.id))) throw bad('error.unreadable')
  return list as Record<string, unknown>[]
}

type Details = AuditEntry['details']
/** An entry's details as the contract allows them, whatever the server put there: its fields with a plain value. */
const details = (x: unknown): Details =>
  isObject(x)
    ? Object.fromEntries(Object.entries(x).filter((kv): kv is [string, Details[string]] => ['string', 'number', 'boolean'].includes(typeof kv[1])))
    : {}

export function parseAudit(x: unknown): AuditEntry[] {
  return entries(x).map((e) => {
    const actor = isObject(e.actor) ? e.actor : {}
    return {
      id: text(e.id),
      at: text(e.at),
      actor: { id: text(actor.id) || null, name: text(actor.name), email: text(actor.email) },
      action: text(e.action),
      target: text(e.target) || null,
      details: details(e.details),
    }
  })
}

/** One page of the log, newest first: `limit` entries older than `before`. */
export async function getAudit(call: ManageCall, projectId: string, page: { limit: number; before?: string }, signal?: AbortSignal): Promise<AuditEntry[]> {
  const seg = encodeURIComponent
  const query = `?limit=${page.limit}${page.before ? `&before=${seg(page.before)}` : ''}`
  // No more than the page asked for: a broken server's 200,000 entries would hang the page.
  return parseAudit(await call({ method: 'GET', path: `/manage/dapp/${seg(projectId)}/audit${query}`, signal })).slice(0, page.limit)
}
