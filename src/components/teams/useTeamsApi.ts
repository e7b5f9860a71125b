import { useMemo } from 'react'
import { teamCalls, type Role } from '../../api/members'
import { useElement } from '../../context/element'
import { useManageApi } from '../../hooks/useManageApi'

/** One project's team calls, bound to this element's api-base and the shared session (a 401 signs out, as for keys). */
export function useTeamsApi(projectId: string) {
  const { apiBase } = useElement()
  const { run } = useManageApi()
  return useMemo(() => {
    const calls = teamCalls(apiBase)
    return {
      list: (signal?: AbortSignal) => run((t) => calls.list(t, projectId, signal)),
      invite: (email: string, role: Role) => run((t) => calls.invite(t, projectId, { email, role })),
      changeRole: (memberId: string, role: Role) => run((t) => calls.changeRole(t, projectId, memberId, role)),
      remove: (memberId: string) => run((t) => calls.remove(t, projectId, memberId)),
      resend: (memberId: string) => run((t) => calls.resend(t, projectId, memberId)),
      audit: (page: { limit: number; before?: string }, signal?: AbortSignal) => run((t) => calls.audit(t, projectId, page, signal)),
    }
  }, [apiBase, run, projectId])
}

export type TeamsApi = ReturnType<typeof useTeamsApi>
