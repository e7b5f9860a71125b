import type { Project } from '../../api/types'
import { useCapability } from '../../hooks/useCapability'
import { LazyRequestsSection } from './lazy'

/** The project page's Requests section, only when the server keeps request logs: otherwise no section and no chunk. */
export function ProjectRequests({ project }: { project: Project }) {
  return useCapability('request-logs') ? <LazyRequestsSection project={project} /> : null
}
