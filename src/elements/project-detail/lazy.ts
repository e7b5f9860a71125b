import { BackToDashboard } from '../../components/BackToDashboard'
import { lazyScreen } from '../../components/chunk/lazyScreen'

/** One project's page (its keys, dialogs and samples), fetched on first use; failed, it keeps the page's way back. */
export const LazyProjectDetail = lazyScreen(() => import('./ProjectDetail').then((m) => m.ProjectDetail), BackToDashboard)
