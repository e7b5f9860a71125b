import { createContext, useContext } from 'react'
import type { Role } from '../../api/members'

/** What a control on the project page does, for the question "may this reader do it?". */
export type Action = 'keys' | 'webhooks' | 'secret' | 'edit' | 'delete' | 'members' | 'audit'

const ALLOWED: Record<Action, readonly Role[]> = {
  keys: ['owner', 'admin', 'developer'],
  webhooks: ['owner', 'admin', 'developer'],
  secret: ['owner', 'admin'],
  edit: ['owner', 'admin'],
  delete: ['owner'],
  members: ['owner', 'admin'],
  audit: ['owner', 'admin'],
}

export const can = (role: Role, action: Action) => ALLOWED[action].includes(role)

/**
 * The reader's role in the project on screen. null: no team (a server
 * without the `teams` feature, or an element outside a project page), where
 * every control shows as before. 'pending': not known yet, so a control the
 * role might forbid waits rather than flashing in and out.
 */
export const RoleContext = createContext<Role | 'pending' | null>(null)

/**
 * Whether the reader's role allows `action`: the page hides what it does not
 * (the server refuses it all the same, with a 403 naming the role it needs).
 */
export function useCan(action: Action): boolean {
  const role = useContext(RoleContext)
  if (role === null) return true
  return role !== 'pending' && can(role, action)
}
