import type { Role } from '../../api/roles'
import { useCapability } from '../../hooks/useCapability'
import { can, type Action } from './role'

/**
 * The reader's role in a project, from the project's own answer: the page
 * hides what it does not allow. Without the `teams` feature (or without a
 * role in the answer) there is no role and every control shows; the server
 * still refuses what a role may not do. The member list is the Members
 * section's own call, in its chunk.
 */
export function useTeam(projectRole?: Role) {
  const enabled = useCapability('teams')
  const role = (enabled && projectRole) || null
  /** For controls outside the role's provider (the page's own header): as useCan. */
  const may = (action: Action) => role === null || can(role, action)
  return { enabled, role, may }
}

export type Team = ReturnType<typeof useTeam>
