import { useRef } from 'react'
import { AppFrame } from '../../components/frame/AppFrame'
import { LoginScreen } from '../../components/auth/LoginScreen'
import { ProjectDetailScreen } from '../project-detail/ProjectDetailScreen'
import { ProjectsScreen } from '../projects/ProjectsScreen'
import { SignupScreen } from '../../components/auth/SignupScreen'
import { useGuardedRoute } from './useGuardedRoute'
import { useRouteFocus } from '../../router/useRouteFocus'

/**
 * <flex-portal>'s router over the route table. The screens are plain React
 * components here, not nested custom elements: an r2wc element whose root
 * unmounts while its parent element renders makes React warn "Attempted to
 * synchronously unmount a root while React was already rendering"
 * (https://github.com/bitovi/react-to-web-component/issues/114).
 */
export function PortalScreen() {
  const screen = useGuardedRoute()
  const container = useRef<HTMLDivElement>(null)
  useRouteFocus(screen, container)
  return (
    <div ref={container} className="contents">
      {screen === 'login' && <LoginScreen inPortal />}
      {screen === 'signup' && <SignupScreen inPortal />}
      {screen === 'dashboard' && <ProjectsScreen />}
      {screen === 'project' && (
        <AppFrame>
          <ProjectDetailScreen inPortal />
        </AppFrame>
      )}
    </div>
  )
}
