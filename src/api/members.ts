/**
 * The team calls (servers that name the `teams` feature): a project's members
 * and invitations, accepting an invitation, and the project's audit log. Each
 * answer is checked as parse.ts checks the project calls: a broken or hostile
 * server gives a clear error, never a crash.
 */
import { ApiError } from './errors'
import { request } from './request'

import { isRole, type Role } from './roles'

export { isRole, type Role }
/** The roles an invitation or a role change may give: ownership moves only by transfer. */
export const GRANTABLE = ['admin', 'developer', 'viewer'] as const

export interface Member {
  id: string
  userId: string
  name: string
  email: string
  role: Role
  status: 'active' | 'invited'
  joinedAt: string
  invitedAt: string
  /** An invitation's end, when the server says it. */
  expiresAt: string
}

export interface AuditEntry {
  id: string
  at: string
  actor: { id: string; name: string }
  action: string
  target: string
  details: string
}

const bad = (what: string) => new ApiError('parse', `The server sent ${what} that could not be read.`, 200)
const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x)
const text = (x: unknown): string => (typeof x === 'string' ? x : typeof x === 'number' ? String(x) : '')

function parseMember(x: unknown): Member {
  if (!isObject(x) || !text(x.id) || !isRole(x.role)) throw bad('a project member')
  return {
    id: text(x.id),
    userId: text(x.userId),
    name: text(x.name),
    email: text(x.email),
    role: x.role,
    status: x.status === 'invited' ? 'invited' : 'active',
    joinedAt: text(x.joinedAt),
    invitedAt: text(x.invitedAt),
    expiresAt: text(x.expiresAt),
  }
}

export function parseMembers(x: unknown): Member[] {
  if (!Array.isArray(x)) throw bad('a list of members')
  return x.map(parseMember)
}

/** Details as one line of text: an object's fields as "name: value", whatever the server put there. */
function detailText(x: unknown): string {
  if (typeof x === 'string') return x
  if (!isObject(x)) return ''
  return Object.entries(x)
    .filter(([, v]) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join(', ')
}

export function parseAudit(x: unknown): AuditEntry[] {
  if (!isObject(x) || !Array.isArray(x.entries)) throw bad('an activity log')
  return x.entries.map((e) => {
    if (!isObject(e) || !text(e.id)) throw bad('an activity entry')
    const actor = isObject(e.actor) ? e.actor : {}
    return {
      id: text(e.id),
      at: text(e.at),
      actor: { id: text(actor.id), name: text(actor.name) },
      action: text(e.action),
      target: text(e.target),
      details: detailText(e.details),
    }
  })
}

export function parseAccepted(x: unknown): { projectId: string; role: Role } {
  if (!isObject(x) || !text(x.projectId) || !isRole(x.role)) throw bad('an accepted invitation')
  return { projectId: text(x.projectId), role: x.role }
}

const seg = encodeURIComponent

/** The team calls of one api-base; `token` is the access token (useManageApi's run supplies it). */
export function teamCalls(base: string) {
  const members = (id: string) => `/manage/dapp/${seg(id)}/members`
  const one = (id: string, memberId: string) => `${members(id)}/${seg(memberId)}`
  return {
    list: async (token: string, id: string, signal?: AbortSignal) => parseMembers(await request({ base, method: 'GET', path: members(id), token, signal })),
    invite: async (token: string, id: string, body: { email: string; role: Role }) => {
      const answer = await request({ base, method: 'POST', path: members(id), token, body })
      return isObject(answer) ? text(answer.id) : ''
    },
    changeRole: async (token: string, id: string, memberId: string, role: Role) => {
      await request({ base, method: 'PATCH', path: one(id, memberId), token, body: { role } })
    },
    remove: async (token: string, id: string, memberId: string) => {
      await request({ base, method: 'DELETE', path: one(id, memberId), token })
    },
    resend: async (token: string, id: string, memberId: string) => {
      await request({ base, method: 'POST', path: `${one(id, memberId)}/resend`, token })
    },
    audit: async (token: string, id: string, page: { limit: number; before?: string }, signal?: AbortSignal) => {
      const query = `?limit=${page.limit}${page.before ? `&before=${seg(page.before)}` : ''}`
      return parseAudit(await request({ base, method: 'GET', path: `/manage/dapp/${seg(id)}/audit${query}`, token, signal }))
    },
    /** The code travels in the body only: never in a URL, a log or an event. */
    accept: async (token: string, code: string) => parseAccepted(await request({ base, method: 'POST', path: '/invitations/accept', token, body: { code } })),
  }
}
