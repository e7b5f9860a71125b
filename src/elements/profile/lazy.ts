import { lazyScreen } from '../../components/chunk/lazyScreen'
import { BackToDashboard } from '../../components/BackToDashboard'

/** The profile route (servers with the accounts feature), fetched when first opened. */
export const LazyProfilePage = lazyScreen(() => import('./ProfilePage').then((m) => m.ProfilePage), BackToDashboard)
