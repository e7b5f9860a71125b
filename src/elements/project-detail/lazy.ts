import { lazyScreen } from '../../components/chunk/lazyScreen'

/** One project's page (its keys, dialogs and samples), fetched on first use. */
export const LazyProjectDetail = lazyScreen(() => import('./ProjectDetail').then((m) => m.ProjectDetail))
