import { useManageApi } from '../../hooks/useManageApi'
import { useNavigation } from '../../router/navigation'
import { SignedOutNotice } from '../projects/SignedOutNotice'
import { ProjectDetail } from './ProjectDetail'

export interface ProjectDetailScreenProps {
  /** The `project-id` attribute; without it, the `projectid` query of the route. */
  projectId?: string
}

/** Project detail (spec §2, /projects?projectid={id}). */
export function ProjectDetailScreen({ projectId }: ProjectDetailScreenProps) {
  const { route } = useNavigation()
  const { signedIn } = useManageApi()
  if (!signedIn) return <SignedOutNotice />
  const id = projectId?.trim() || route.query.get('projectid')?.trim() || ''
  // key: another project starts from a clean state (no stale dialogs or data).
  return <ProjectDetail key={id} id={id} />
}
