import { lazyScreen } from '../chunk/lazyScreen'

/** A project's Requests section (its table, filters, detail dialog), fetched when a project page shows it. */
export const LazyRequestsSection = lazyScreen(() => import('./RequestsSection').then((m) => m.RequestsSection))

/** The Usage section's errors and latency per day, from the request log (the same chunk as the Requests section). */
export const LazyLogQuality = lazyScreen(() => import('./LogQuality').then((m) => m.LogQuality))
