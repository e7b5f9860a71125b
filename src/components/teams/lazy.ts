import { lazyScreen } from '../chunk/lazyScreen'

/** A project's Members and Activity sections, fetched when a project page on a server with teams shows them. */
export const LazyTeamSections = lazyScreen(() => import('./chunk').then((m) => m.TeamSections))

/** The accept route (log in or sign up, then accept): the same chunk. */
export const LazyAcceptInvitation = lazyScreen(() => import('./chunk').then((m) => m.AcceptInvitation))
