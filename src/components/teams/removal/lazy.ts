import { lazyScreen } from '../../chunk/lazyScreen'

/** The removal dialog and its texts, fetched when Remove or Leave project is first reached (MembersSection prefetches it). */
export const LazyRemovalDialog = lazyScreen(() => import('./RemovalDialog').then((m) => m.RemovalDialog))
