import type { ScreenName } from '../../router/routes'
import { lazyScreen } from '../chunk/lazyScreen'
import { invitation, takeCode } from './invitation-code'

/** The accept route (log in or sign up, then accept): the team chunk, which the project page's Members and Activity sections are in too (lazy.ts). */
export const LazyAcceptInvitation = lazyScreen(() => import('./chunk').then((m) => m.AcceptInvitation))

/**
 * <flex-portal>'s part in accepting an invitation. At each render (the first,
 * and a link opened later in the same tab) it takes the code out of the page's
 * address (the accept route's, or the page at the host's `invitation-url`),
 * before any chunk is fetched; once taken, nothing is left to take. While a code
 * is held, the screens a reader lands on (log-in, the dashboard after a
 * log-in or sign-up) give way to the accept screen, which accepts it and
 * then opens the project.
 */
export function useInvitation(screen: ScreenName | null, invitationUrl?: string): ScreenName | null {
  takeCode(invitationUrl)
  return invitation.code !== null && (screen === 'login' || screen === 'dashboard') ? 'invitation' : screen
}
