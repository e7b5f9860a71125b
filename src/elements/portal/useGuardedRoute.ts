import { useEffect } from 'react'
import { useFlexStore } from '../../hooks/useFlexStore'
import { useNavigation } from '../../router/navigation'
import { resolveRoute, type ScreenName } from '../../router/routes'

/**
 * The screen for the current route, or null while a guard or an unknown route
 * redirects. Re-evaluated when the session changes, so signing out anywhere
 * (another element, another tab, a 401) sends a guarded screen to /login.
 */
export function useGuardedRoute(): ScreenName | null {
  const { route, navigate } = useNavigation()
  const signedIn = useFlexStore((s) => s.accessData !== null)
  const resolution = resolveRoute(route, signedIn)
  const redirect = 'redirect' in resolution ? resolution.redirect : null

  useEffect(() => {
    // replace: Back must not land on the route that redirected.
    if (redirect) navigate(redirect, { replace: true })
  }, [redirect, navigate])

  return 'screen' in resolution ? resolution.screen : null
}
