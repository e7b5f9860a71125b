import { lazyScreen } from '../../../components/chunk/lazyScreen'

/** The key dialog of servers with key restrictions, fetched when the keys section first shows with a catalog (vite.config.ts: its own chunk). */
export const LazyKeyAccessDialog = lazyScreen(() => import('./KeyAccessDialog').then((m) => m.KeyAccessDialog))
