import { useEffect } from 'react'
import { whenIdle } from '../../components/chunk/chunk'
import { useManageApi } from '../../hooks/useManageApi'
import { SignedOutNotice } from '../../components/SignedOutNotice'
import { LazyDashboard, prefetchDashboard } from './lazy'
import { useElement } from '../../context/element'

/**
 * The dashboard 'Your Flex Projects'. Inside <flex-portal> the route guard
 * only shows it when signed in; standalone on a host page it shows a log-in
 * notice until a session exists, and meanwhile fetches the dashboard's chunk
 * when the page is idle, so that a sign-in shows it at once.
 */
export function ProjectsScreen() {
  const { signedIn } = useManageApi()
  const { apiBase } = useElement()
  useEffect(() => (signedIn ? undefined : whenIdle(() => prefetchDashboard(apiBase))), [signedIn, apiBase])
  return signedIn ? <LazyDashboard /> : <SignedOutNotice />
}
