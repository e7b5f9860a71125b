import { lazyScreen } from '../../../components/chunk/lazyScreen'

/** The Usage section and its chart, fetched when a project page shows it. */
export const LazyUsageSection = lazyScreen(() => import('./UsageSection').then((m) => m.UsageSection))
