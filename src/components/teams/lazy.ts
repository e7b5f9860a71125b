import { lazyScreen } from '../chunk/lazyScreen'

/** A project's Members and Activity sections, fetched when a project page on a server with teams shows them. */
export const LazyTeamSections = lazyScreen(() => import('./chunk').then((m) => m.TeamSections))
