import { useCallback } from 'react'
import { projectChanged } from '../project-changed'
import { useNavigation } from '../../../router/navigation'
import { LazyTeamSections } from '../../../components/teams/lazy'
import type { Team } from '../../../components/teams/useTeam'

/**
 * The project page's Members and Activity sections: absent on a server
 * without the `teams` feature (a spec-only server), which is then never asked
 * about members. They are a chunk of their own, fetched when the page first
 * draws them (components/teams/lazy.ts).
 */
export function ProjectTeam({ projectId, team, onChanged, zone }: { projectId: string; team: Team; onChanged: () => void; zone: HTMLElement | null }) {
  const { navigate } = useNavigation()
  const onLeft = useCallback(() => {
    projectChanged(projectId, true)
    navigate('/dashboard')
  }, [projectId, navigate])
  return team.enabled ? <LazyTeamSections projectId={projectId} role={team.role} onLeft={onLeft} onTransferred={onChanged} zone={zone} /> : null
}
