import { useRef } from 'react'
import { AppFrame } from '../frame/AppFrame'
import { LoginScreen } from '../login/LoginScreen'
import { ProjectDetailScreen } from '../project-detail/ProjectDetailScreen'
import { ProjectsScreen } from '../projects/ProjectsScreen'
import { SignupScreen } from '../signup/SignupScreen'
import { useGuardedRoute } from './useGuardedRoute'
import { useRouteFocus } from './useRouteFocus'

/**
 * <flex-portal>'s router over the route table. The screens are plain React
 * components here, not nested custom elements: r2wc warns when one element's
 * root unmounts inside another's tree.
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
