import { useCallback } from 'react'
import type { Member, Role } from '../../api/members'
import { useAsync } from '../../hooks/useAsync'
import { useCapability } from '../../hooks/useCapability'
import { useFlexStore } from '../../hooks/useFlexStore'
import { can, type Action } from './role'
import { useTeamsApi } from './useTeamsApi'

const userId = (user: unknown): string => {
  const id = user && typeof user === 'object' ? (user as { id?: unknown }).id : undefined
  return typeof id === 'string' ? id : ''
}

/**
 * A project's team as its page needs it: the member list (loaded once, shared
 * by the Members section and the role that hides controls) and the reader's
 * role in it. A list that could not be read leaves every control shown: the
 * server still refuses what the role may not do. Without the `teams` feature there is no team: role null, no call.
 */
export function useTeam(projectId: string, projectRole?: Role) {
  const teams = useCapability('teams')
  const api = useTeamsApi(projectId)
  const me = useFlexStore((s) => userId(s.accessData?.user))
  const load = useCallback((signal: AbortSignal) => api.list(signal), [api])
  const members = useAsync(teams ? load : null)
  const mine = members.data?.find((m) => m.status === 'active' && m.userId === me)
  // The project's own answer says the role at once; the list, once loaded, says it as it is now.
  const role: Role | 'pending' | null = !teams ? null : (mine?.role ?? projectRole ?? (members.data || members.error !== undefined ? null : 'pending'))
  /** For controls outside the role's provider (the page's own header): as useCan. */
  const may = (action: Action) => role === null || (role !== 'pending' && can(role, action))
  return { enabled: teams, api, me, members, role, may }
}

export type Team = ReturnType<typeof useTeam>
export type { Member }
