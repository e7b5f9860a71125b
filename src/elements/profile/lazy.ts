import { lazyScreen } from '../../components/chunk/lazyScreen'

/** The profile route (servers with the accounts feature), fetched when first opened. */
export const LazyProfilePage = lazyScreen(() => import('./ProfilePage').then((m) => m.ProfilePage))
