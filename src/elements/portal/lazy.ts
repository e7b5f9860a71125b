import { lazyScreen } from '../../components/chunk/lazyScreen'
import { LazyProjectDetail } from '../project-detail/lazy'
import { BackToDashboard } from '../../components/BackToDashboard'

/**
 * The project route: its frame, and the project's own chunk fetched beside it
 * rather than after it (ProjectDetailScreen would only ask for it once the
 * frame had arrived).
 */
export const LazyProjectPage = lazyScreen(() => {
  LazyProjectDetail.chunk.prefetch()
  return import('./ProjectPage').then((m) => m.ProjectPage)
}, BackToDashboard)
