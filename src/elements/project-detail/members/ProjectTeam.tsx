import { useCallback } from 'react'
import { projectChanged } from '../project-calls'
import { useNavigation } from '../../../router/navigation'
import { TeamSections } from '../../../components/teams/TeamSections'
import type { Team } from '../../../components/teams/useTeam'

/**
 * The project page's Members and Activity sections: absent on a server
 * without the `teams` feature (a spec-only server), which is then never asked
 * about members. They are in the project page's own chunk.
 */
export function ProjectTeam({ projectId, team }: { projectId: string; team: Team }) {
  const { navigate } = useNavigation()
  const onLeft = useCallback(() => {
    projectChanged(projectId, true)
    navigate('/dashboard')
  }, [projectId, navigate])
  return team.enabled ? <TeamSections projectId={projectId} role={team.role} onLeft={onLeft} /> : null
}
