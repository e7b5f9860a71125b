import { useEffect } from 'react'
import { whenIdle } from '../../components/chunk/chunk'
import { useSignedIn } from '../../hooks/useSignedIn'
import { SignedOutNotice } from '../../components/SignedOutNotice'
import { LazyDashboard } from './lazy'

/**
 * The dashboard 'Your Flex Projects'. Inside <flex-portal> the route guard
 * only shows it when signed in; standalone on a host page it shows a log-in
 * notice until a session exists, and meanwhile fetches the dashboard's chunk
 * when the page is idle, so that a sign-in shows it at once.
 */
export function ProjectsScreen() {
  const signedIn = useSignedIn()
  useEffect(() => (signedIn ? undefined : whenIdle(LazyDashboard.chunk.prefetch)), [signedIn])
  return signedIn ? <LazyDashboard /> : <SignedOutNotice />
}
