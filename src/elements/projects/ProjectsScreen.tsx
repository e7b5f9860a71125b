import { useManageApi } from '../../hooks/useManageApi'
import { Dashboard } from './Dashboard'
import { SignedOutNotice } from '../../components/SignedOutNotice'

/**
 * The dashboard 'Your Flex Projects'. Inside <flex-portal> the route guard
 * only shows it when signed in; standalone on a host page it shows a log-in
 * notice until a session exists.
 */
export function ProjectsScreen() {
  const { signedIn } = useManageApi()
  return signedIn ? <Dashboard /> : <SignedOutNotice />
}
