/**
 * The team calls (server/resources/members/, servers that name the `teams`
 * feature): a project's members and invitations, accepting an invitation,
 * and what deleting the account does to each project. Each
 * answer is checked as parse.ts checks the project calls: a broken or hostile
 * server gives a clear error, never a crash.
 */
// The answers' types are the contract's (type-only: no schema enters the bundle); the checks below hold a server to them.
import type { AcceptedInvitation, Member, PendingInvitation, PendingInvitationList } from '../../contract/teams'
import { bad, isObject, text } from './parse'
import type { ManageCall } from './request'
import { isRole, type Role } from './roles'

export type { Member, PendingInvitation, Role }
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

const unreadable = () => bad('error.unreadable')
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

const seg = encodeURIComponent
const members = (projectId: string) => `/manage/dapp/${seg(projectId)}/members`
const one = (projectId: string, memberId: string, then = '') => `${members(projectId)}/${seg(memberId)}${then}`

// Each call takes the session's caller (useManageApi's `call`) first, then the project's id.

export const listMembers = async (call: ManageCall, projectId: string, signal?: AbortSignal) =>
  parseMembers(await call({ method: 'GET', path: members(projectId), signal }))

/** Invites an address; resolves with the invitation's id. */
export const inviteMember = async (call: ManageCall, projectId: string, email: string, role: Role) => {
  const answer = await call({ method: 'POST', path: members(projectId), body: { email, role } })
  return text(isObject(answer) && answer.id)
}

export async function changeRole(call: ManageCall, projectId: string, memberId: string, role: Role): Promise<void> {
  await call({ method: 'PATCH', path: one(projectId, memberId), body: { role } })
}

/** What removing the member would end (their keys and endpoints). */
export const memberHoldings = async (call: ManageCall, projectId: string, memberId: string, signal?: AbortSignal) =>
  parseHoldings(await call({ method: 'GET', path: one(projectId, memberId, '/removal'), signal }))

/** Removes (or leaves); `keep` names the member's keys and endpoints that keep working, the others end. */
export async function removeMember(call: ManageCall, projectId: string, memberId: string, keep: readonly string[] = []): Promise<void> {
  await call({ method: 'DELETE', path: one(projectId, memberId, keep.length ? `?keep=${keep.map(seg).join(',')}` : '') })
}

export async function resendInvitation(call: ManageCall, projectId: string, memberId: string): Promise<void> {
  await call({ method: 'POST', path: one(projectId, memberId, '/resend') })
}

/** Accepts an invitation: the code travels in the body only, never in a URL, a log or an event. */
export async function acceptInvitation(call: ManageCall, code: string): Promise<Pick<AcceptedInvitation, 'projectId'>> {
  const answer = await call({ method: 'POST', path: '/invitations/accept', body: { code } })
  if (!isObject(answer) || !text(answer.projectId)) throw unreadable()
  return { projectId: text(answer.projectId) }
}

/** The invitations waiting for the signed-in account (none while its address is unverified): the dashboard's entry point. */
export async function listPendingInvitations(call: ManageCall, signal?: AbortSignal): Promise<PendingInvitationList> {
  const answer = await call({ method: 'GET', path: '/invitations', signal })
  if (!isObject(answer)) throw unreadable()
  const invitations = list(answer.invitations).map((y): PendingInvitation => {
    const i = entry(y, true)
    const project = isObject(i.project) ? i.project : {}
    const inviter = isObject(i.inviter) ? i.inviter : {}
    return {
      id: text(i.id),
      project: { id: text(project.id), name: text(project.name) },
      role: i.role as PendingInvitation['role'],
      inviter: { name: text(inviter.name), email: text(inviter.email) },
      expiresAt: text(i.expiresAt),
    }
  })
  return { emailVerified: answer.emailVerified === true, invitations }
}

/** Declines an invitation to the account's address: the project's owner sees it declined in its activity. */
export async function declineInvitation(call: ManageCall, invitationId: string): Promise<void> {
  await call({ method: 'POST', path: `/invitations/${seg(invitationId)}/decline` })
}

/** Accepts an invitation GET /invitations listed: the verified address stands in for the mailed code. */
export async function acceptListedInvitation(call: ManageCall, invitationId: string): Promise<void> {
  await call({ method: 'POST', path: `/invitations/${seg(invitationId)}/accept` })
}

/** Makes an active member the owner; the owner's password travels in the body only. The old owner becomes an admin. */
export async function transferOwnership(call: ManageCall, projectId: string, memberId: string, password: string): Promise<void> {
  await call({ method: 'POST', path: `/manage/dapp/${seg(projectId)}/owner`, body: { memberId, password } })
}
