import { useEffect, useState } from 'react'
import { useNavigation } from '../../router/navigation'
import { INVITATION_PATH, type ScreenName } from '../../router/routes'
import { heldCode, takeCode } from './invitation-code'

import { lazyScreen } from '../chunk/lazyScreen'

/** The accept route (log in or sign up, then accept): the team chunk, which the project page's sections are in too. */
export const LazyAcceptInvitation = lazyScreen(() => import('./chunk').then((m) => m.AcceptInvitation))

/**
 * <flex-portal>'s part in accepting an invitation. On its first render it
 * takes the code out of the page's address (the accept route's, or the page
 * at the host's `invitation-url`), before any chunk is fetched. While a code
 * is held, the screens a reader lands on (log-in, the dashboard after a
 * log-in or sign-up) give way to the accept route, which accepts it.
 */
export function useInvitation(screen: ScreenName | null, invitationUrl?: string): void {
  useState(() => takeCode(invitationUrl))
  const { navigate } = useNavigation()
  useEffect(() => {
    if (heldCode() !== null && (screen === 'login' || screen === 'dashboard')) navigate(INVITATION_PATH, { replace: true })
  }, [screen, navigate])
}
