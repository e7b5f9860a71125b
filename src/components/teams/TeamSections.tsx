import { useCallback } from 'react'
import { listMembers, type Member, type Role } from '../../api/members'
import { useManageApi } from '../../hooks/useManageApi'
import { useAsync } from '../../hooks/useAsync'
import { useFlexStore } from '../../hooks/useFlexStore'
import { userOf } from '../../store'
import { ActivitySection } from './ActivitySection'
import { MembersSection } from './MembersSection'
import { can } from './role'

// The signed-in user's id, '' when the stored session names none (no member row is theirs then).
const userId = (id: unknown): string => (typeof id === 'string' ? id : '')

export interface TeamSectionsProps {
  projectId: string
  /** The reader's role as the project's answer said it; the member list, once loaded, says it as it is now. */
  role: Role | null
  /** The reader left the project: the page goes, they have no access any more. */
  onLeft: () => void
  /** Ownership moved to another member: the page reads the project (and the reader's role) again. */
  onTransferred: () => void
  /** The danger zone's slot for the ownership transfer, while the page shows the zone. */
  zone: HTMLElement | null
}

/** The project page's team part, one chunk: Members for every member, Activity for admins and owners. */
export function TeamSections({ projectId, role, onLeft, onTransferred, zone }: TeamSectionsProps) {
  const { call } = useManageApi()
  const me = useFlexStore((s) => userId(userOf(s.accessData)))
  const load = useCallback((signal: AbortSignal) => listMembers(call, projectId, signal), [call, projectId])
  const members = useAsync(load)
  const mine: Member | undefined = members.data?.find((m) => m.status === 'active' && m.userId === me)
  // One role decides both sections: the reader's entry once the list has
  // it, else the project's answer. A stored log-in may not carry the user
  // (then no entry is found), and the server said the role all the same.
  const now = mine?.role ?? role
  const may = (action: 'members' | 'audit') => now !== null && can(now, action)
  return (
    <>
      <MembersSection
        projectId={projectId}
        call={call}
        members={members}
        me={me}
        mine={mine}
        manages={may('members')}
        owns={now === 'owner'}
        onLeft={onLeft}
        onTransferred={onTransferred}
        zone={zone}
      />
      {may('audit') && <ActivitySection call={call} projectId={projectId} />}
    </>
  )
}
