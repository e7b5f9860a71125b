import { lazyScreen } from '../../components/chunk/lazyScreen'

/** The signed-in dashboard with its frame and dialogs, fetched on first use. */
export const LazyDashboard = lazyScreen(() => import('./Dashboard').then((m) => m.Dashboard))
