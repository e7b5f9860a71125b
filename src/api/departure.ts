/**
 * `GET /me/deletion` (server/resources/members/departure-routes.ts, servers
 * with teams): what deleting the account does to each of its projects. A
 * module apart from members.ts, so the profile page does not fetch the team
 * section's chunk for it.
 */
import { bad, isObject, text } from './parse'
import type { ManageCall } from './request'

interface Gone {
  name: string
  /** A handed-over project's new owner. */
  to: string
}
export interface Departure {
  handedOver: Gone[]
  deleted: Gone[]
  left: Gone[]
}

const projects = (x: unknown): Gone[] =>
  (Array.isArray(x) ? x : []).filter(isObject).map((p) => ({ name: text(p.name) || text(p.projectId), to: isObject(p.to) ? text(p.to.name) : '' }))

/** The answer, checked: a broken or hostile server gives a clear error, never a crash. */
export function parseDeparture(x: unknown): Departure {
  if (!isObject(x)) throw bad('error.unreadable')
  return { handedOver: projects(x.handedOver), deleted: projects(x.deleted), left: projects(x.left) }
}

export const getDeparture = async (call: ManageCall, signal?: AbortSignal): Promise<Departure> =>
  parseDeparture(await call({ method: 'GET', path: '/me/deletion', signal }))
