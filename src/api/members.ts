/**
 * The team calls (servers that name the `teams` feature): a project's members
 * and invitations, accepting an invitation, and the project's audit log. Each
 * answer is checked as parse.ts checks the project calls: a broken or hostile
 * server gives a clear error, never a crash.
 */
// The answers' types are the contract's (type-only: no schema enters the bundle); the checks below hold a server to them.
import type { AuditEntry, Member } from '../../contract/teams'
import { bad, isObject, text } from './parse'
import { request, type RequestOptions } from './request'
import { isRole, type Role } from './roles'

export type { AuditEntry, Member, Role }
/** The roles an invitation or a role change may give: ownership moves only by transfer. */
export { MEMBER_ROLES } from '../../contract/constants'

/** A key or endpoint that goes with a member, as GET …/members/{memberId}/removal lists them (for an endpoint, `name` is its address). */
export interface Held {
  id: string
  name: string
  /** A key's masked text; an endpoint's description. */
  detail: string
}

/** What removing a member ends unless the remover keeps it. */
export interface MemberHoldings {
  keys: Held[]
  endpoints: Held[]
}

const unreadable = () => bad('unreadable')
/** An object with an id (and a role, where `role` says so), else the one error for an answer that cannot be read. */
const entry = (x: unknown, role?: boolean): Record<string, unknown> => {
  if (!isObject(x) || !text(x.id) || (role && !isRole(x.role))) throw unreadable()
  return x
}
const list = (x: unknown): unknown[] => {
  if (!Array.isArray(x)) throw unreadable()
  return x
}

export function parseMembers(x: unknown): Member[] {
  return list(x).map((y) => {
    const m = entry(y, true)
    return {
      id: text(m.id),
      userId: text(m.userId) || null,
      name: text(m.name),
      email: text(m.email),
      role: m.role as Role,
      status: m.status === 'invited' ? 'invited' : 'active',
      joinedAt: text(m.joinedAt) || null,
      invitedAt: text(m.invitedAt),
      expiresAt: text(m.expiresAt) || null,
    }
  })
}

export function parseHoldings(x: unknown): MemberHoldings {
  if (!isObject(x)) throw unreadable()
  return {
    keys: list(x.keys).map((y) => {
      const k = entry(y)
      return { id: text(k.id), name: text(k.name), detail: text(k.maskedKey) }
    }),
    endpoints: list(x.endpoints).map((y) => {
      const e = entry(y)
      return { id: text(e.id), name: text(e.url), detail: text(e.description) }
    }),
  }
}

type Details = AuditEntry['details']
/** An entry's details as the contract allows them, whatever the server put there: its fields with a plain value. */
const details = (x: unknown): Details =>
  isObject(x)
    ? Object.fromEntries(Object.entries(x).filter((kv): kv is [string, Details[string]] => ['string', 'number', 'boolean'].includes(typeof kv[1])))
    : {}

/** Details as one line of text: "name: value, …". */
export const detailText = (x: Details): string =>
  Object.entries(x)
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join(', ')

export function parseAudit(x: unknown): AuditEntry[] {
  return list(isObject(x) && x.entries).map((y) => {
    const e = entry(y)
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

/** Runs a call with the session's access token (useManageApi's run: a 401 signs out, as for keys). */
export type Run = <T>(call: (token: string) => Promise<T>) => Promise<T>

const seg = encodeURIComponent

/** One project's team calls on one api-base. */
export function teamCalls(base: string, run: Run, projectId: string) {
  const call = (method: RequestOptions['method'], path: string, body?: unknown, signal?: AbortSignal) =>
    run((token) => request({ base, method, path: `/manage/dapp/${seg(projectId)}${path}`, token, body, signal }))
  const one = (memberId: string, then = '') => `/members/${seg(memberId)}${then}`
  return {
    list: (signal?: AbortSignal) => call('GET', '/members', undefined, signal).then(parseMembers),
    invite: (email: string, role: Role) => call('POST', '/members', { email, role }).then((a) => text(isObject(a) && a.id)),
    changeRole: (memberId: string, role: Role) => call('PATCH', one(memberId), { role }),
    /** What removing the member would end (their keys and endpoints). */
    holdings: (memberId: string, signal?: AbortSignal) => call('GET', one(memberId, '/removal'), undefined, signal).then(parseHoldings),
    /** Removes (or leaves); `keep` names the member's keys and endpoints that keep working, the others end. */
    remove: (memberId: string, keep: readonly string[] = []) => call('DELETE', one(memberId, keep.length ? `?keep=${keep.map(seg).join(',')}` : '')),
    resend: (memberId: string) => call('POST', one(memberId, '/resend')),
    audit: (page: { limit: number; before?: string }, signal?: AbortSignal) => {
      const query = `?limit=${page.limit}${page.before ? `&before=${seg(page.before)}` : ''}`
      return call('GET', `/audit${query}`, undefined, signal).then(parseAudit)
    },
  }
}

export type TeamsApi = ReturnType<typeof teamCalls>

/** Accepts an invitation: the code travels in the body only, never in a URL, a log or an event. */
export async function acceptInvitation(base: string, token: string, code: string): Promise<{ projectId: string }> {
  const answer = await request({ base, method: 'POST', path: '/invitations/accept', token, body: { code } })
  if (!isObject(answer) || !text(answer.projectId)) throw unreadable()
  return { projectId: text(answer.projectId) }
}
