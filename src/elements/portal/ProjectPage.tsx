import { AppFrame } from '../../components/frame/AppFrame'
import { ProjectDetailScreen } from '../project-detail/ProjectDetailScreen'

/** The portal's project route: the signed-in frame around one project. A chunk of its own (lazy.ts). */
export function ProjectPage() {
  return (
    <AppFrame>
      <ProjectDetailScreen inPortal />
    </AppFrame>
  )
}
