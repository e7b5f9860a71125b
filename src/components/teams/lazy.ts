import { lazyScreen } from '../chunk/lazyScreen'

/** The project page's Members and Activity sections, fetched when the page first draws them: the team chunk, with the accept screen (vite.config.ts). */
export const LazyTeamSections = lazyScreen(() => import('./TeamSections').then((m) => m.TeamSections))
