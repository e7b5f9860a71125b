import { lazyScreen } from '../../components/chunk/lazyScreen'
import { prefetchVerifyBanner } from '../../components/frame/verify-banner-chunk'

/** The signed-in dashboard with its frame and dialogs (and @floating-ui), fetched on first use. */
export const LazyDashboard = lazyScreen(() => import('./Dashboard').then((m) => m.Dashboard))

/** What a sign-in shows at once, fetched ahead of it: the dashboard, and the reminder above it when the server has accounts. */
export function prefetchDashboard(apiBase: string): void {
  LazyDashboard.chunk.prefetch()
  prefetchVerifyBanner(apiBase)
}
