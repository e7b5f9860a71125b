import { useEffect, useRef } from 'react'
import { LoginScreen } from '../../components/auth/LoginScreen'
import { LazySignupScreen } from '../../components/auth/lazy'
import { whenIdle } from '../../components/chunk/chunk'
import { ProjectsScreen } from '../projects/ProjectsScreen'
import { LazyDashboard } from '../projects/lazy'
import { useGuardedRoute } from './useGuardedRoute'
import type { ScreenName } from '../../router/routes'
import { LazyProjectPage } from './lazy'
import { LazyProfilePage } from '../profile/lazy'
import { useRouteFocus } from '../../router/useRouteFocus'
import { LazyAcceptInvitation, useInvitation } from '../../components/teams/AcceptRoute'
import { invitation } from '../../components/teams/invitation-code'

/** The chunk a reader most likely needs after each screen: fetched once that screen is idle. */
const NEXT: Partial<Record<ScreenName, () => void>> = {
  login: LazyDashboard.chunk.prefetch,
  signup: LazyDashboard.chunk.prefetch,
  dashboard: LazyProjectPage.chunk.prefetch,
}

/**
 * <flex-portal>'s router over the route table. The screens are plain React
 * components here, not nested custom elements: an r2wc element whose root
 * unmounts while its parent element renders makes React warn "Attempted to
 * synchronously unmount a root while React was already rendering"
 * (https://github.com/bitovi/react-to-web-component/issues/114).
 * Only the log-in screen travels with the script; the others are chunks.
 */
export function PortalScreen({ invitationUrl }: { invitationUrl?: string }) {
  const screen = useInvitation(useGuardedRoute(), invitationUrl)
  const container = useRef<HTMLDivElement>(null)
  useRouteFocus(screen, container)
  useEffect(() => {
    const next = screen ? NEXT[screen] : undefined
    return next && whenIdle(next)
  }, [screen])
  return (
    <div ref={container} className="contents">
      {screen === 'login' && <LoginScreen inPortal />}
      {screen === 'signup' && <LazySignupScreen inPortal />}
      {screen === 'dashboard' && <ProjectsScreen />}
      {screen === 'project' && <LazyProjectPage />}
      {(screen === 'profile' || screen === 'settings') && <LazyProfilePage view={screen} />}
      {screen === 'invitation' && <LazyAcceptInvitation key={invitation.taken} />}
    </div>
  )
}
