import { lazyScreen } from '../../components/chunk/lazyScreen'

/** The signed-in dashboard with its frame and dialogs (and @floating-ui), fetched on first use. */
export const LazyDashboard = lazyScreen(() => import('./Dashboard').then((m) => m.Dashboard))
