import { LoginScreen } from '../login/LoginScreen'
import { ProjectDetailScreen } from '../project-detail/ProjectDetailScreen'
import { ProjectsScreen } from '../projects/ProjectsScreen'
import { SignupScreen } from '../signup/SignupScreen'
import { useGuardedRoute } from './useGuardedRoute'

/**
 * <flex-portal>'s router over the route table. The screens are plain React
 * components here, not nested custom elements: r2wc warns when one element's
 * root unmounts inside another's tree (design.md §3).
 */
export function PortalScreen() {
  const screen = useGuardedRoute()
  switch (screen) {
    case 'login':
      return <LoginScreen inPortal />
    case 'signup':
      return <SignupScreen inPortal />
    case 'dashboard':
      return <ProjectsScreen />
    case 'project':
      return <ProjectDetailScreen />
    default:
      return null
  }
}
