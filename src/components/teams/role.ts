import { createContext, useContext } from 'react'
import { ROLES, type Role } from '../../api/roles'

/**
 * What a control on the project page does, for the question "may this reader
 * do it?": 'webhooks' adds and edits endpoints, sends test events and resends;
 * deleting an endpoint ('endpoint-delete') takes an admin, as on the server;
 * so does a broad key ('broad-keys': a live key that may write, or do everything).
 */
export type Action = 'keys' | 'broad-keys' | 'webhooks' | 'endpoint-delete' | 'secret' | 'edit' | 'delete' | 'members' | 'audit'

/** The lowest role that may do each, as its place in ROLES (owner first): the roles are nested, each may what the ones below it may. */
const LOWEST: Record<Action, number> = { keys: 2, 'broad-keys': 1, webhooks: 2, 'endpoint-delete': 1, secret: 1, edit: 1, delete: 0, members: 1, audit: 1 }

export const can = (role: Role, action: Action) => ROLES.indexOf(role) <= LOWEST[action]

/**
 * The reader's role in the project on screen. null: no team (a server
 * without the `teams` feature, or an element outside a project page), where
 * every control shows as before.
 */
export const RoleContext = createContext<Role | null>(null)

/**
 * Whether the reader's role allows `action`: the page hides what it does not
 * (the server refuses it all the same, with a 403 naming the role it needs).
 */
export function useCan(action: Action): boolean {
  const role = useContext(RoleContext)
  return role === null || can(role, action)
}
