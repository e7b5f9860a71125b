import type { Project } from '../../../api/types'
import { useCapability } from '../../../hooks/useCapability'
import { LazyUsageSection } from './lazy'

function Offered({ project }: { project: Project }) {
  return useCapability('usage') ? <LazyUsageSection project={project} /> : null
}

/**
 * The project page's Usage section, only when the server counts usage: a
 * spec-only server (whose projects come without keys[]) gets no section, no
 * chunk and no question about it.
 */
export function Usage({ project }: { project: Project }) {
  return project.keys ? <Offered project={project} /> : null
}
