import type { Queryable } from '../db/index'
import { HttpError, errorTable, notFound, type Coded } from '../http/errors'
import type { Role } from '../../contract/constants'

/**
 * One text for a project that is missing and one the caller is no member of,
 * in every resource that lives under a project: ids must not be probe-able.
 */
export const PROJECTS = errorTable({ PROJECT_NOT_FOUND: 'Project not found.' })
export const PROJECT_NOT_FOUND = PROJECTS.PROJECT_NOT_FOUND.message

export { MEMBER_ROLES, ROLES, type MemberRole, type Role } from '../../contract/constants'

export const RANK: Record<Role, number> = { viewer: 0, developer: 1, admin: 2, owner: 3 }

/** Everything a /manage route may do to a project, and the least role that may do it (issue "Teams", its table). */
export const ACTIONS = {
  'project.read': 'viewer',
  'project.edit': 'admin',
  'project.delete': 'owner',
  'usage.read': 'viewer',
  'logs.read': 'viewer',
  'keys.write': 'developer',
  // A live key with a write scope or every scope, on a server with a scope catalog (api-keys/restrictions.ts).
  'keys.broad': 'admin',
  'webhooks.read': 'viewer',
  'webhooks.write': 'developer',
  'webhooks.send': 'developer',
  'webhooks.delete': 'admin',
  'secret.roll': 'admin',
  'members.read': 'viewer',
  'members.manage': 'admin',
  'audit.read': 'admin',
  'ownership.transfer': 'owner',
} as const satisfies Record<string, Role>
export type Action = keyof typeof ACTIONS

const ROLE_NEEDED = errorTable({
  OWNER_NEEDED: 'Only the project owner can do this.',
  ADMIN_NEEDED: 'This needs the admin role (or the owner).',
  DEVELOPER_NEEDED: 'This needs the developer role or above.',
  MEMBER_NEEDED: 'This needs a member of the project.',
})

/** The refusal of a member whose role falls short, by the role it takes. */
export const NEEDS: Record<Role, Coded> = {
  owner: ROLE_NEEDED.OWNER_NEEDED,
  admin: ROLE_NEEDED.ADMIN_NEEDED,
  developer: ROLE_NEEDED.DEVELOPER_NEEDED,
  viewer: ROLE_NEEDED.MEMBER_NEEDED,
}

/** The 403 for a member whose role falls short of `needed`, naming the role it takes. */
export const roleNeeded = (needed: Role) => new HttpError(403, NEEDS[needed])

export const allows = (role: Role, action: Action) => RANK[role] >= RANK[ACTIONS[action]]

/** The caller's role in a project, or undefined when the project is missing or they are no member of it. */
export async function roleIn(q: Queryable, userId: string, projectId: string, { lock = false } = {}): Promise<Role | undefined> {
  // The lock first, in a statement of its own: one statement that locked and read would read the member's row
  // as it was before waiting for the lock (its snapshot), so a removal or a role change committed meanwhile,
  // which locks the project and never changes its row, would not be seen, and the caller would act on the old role.
  if (lock) await q.query('SELECT 1 FROM projects WHERE id = $1 FOR UPDATE', [projectId])
  const [row] = await q.query<{ owner_id: string; role: Role | null }>(
    `SELECT p.owner_id, m.role FROM projects p
       LEFT JOIN project_members m ON m.project_id = p.id AND m.user_id = $2
     WHERE p.id = $1`,
    [projectId, userId],
  )
  if (!row) return undefined
  return row.owner_id === userId ? 'owner' : (row.role ?? undefined)
}

/**
 * The one question every /manage route asks: what `userId` may do with
 * `projectId`. Answers the caller's role when it allows `action`; throws 404
 * for anyone who is no member (as for a missing project), 403 naming the role
 * needed for a member whose role falls short. Nothing is cached: a removed
 * member's or changed role's next call, on any instance, is answered by the
 * database as it is now. With `lock`, inside a transaction, the project row is
 * held (FOR UPDATE) until it ends, so the changes made under one project take turns.
 */
export async function authorize(q: Queryable, userId: string, projectId: string, action: Action, opts: { lock?: boolean } = {}): Promise<Role> {
  const role = await roleIn(q, userId, projectId, opts)
  if (!role) throw notFound(PROJECTS.PROJECT_NOT_FOUND)
  if (!allows(role, action)) throw roleNeeded(ACTIONS[action])
  return role
}
