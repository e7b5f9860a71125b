import { useEffect } from 'react'
import { useFlexStore } from '../../hooks/useFlexStore'
import { useNavigation } from '../../router/navigation'
import { resolveRoute, type ScreenName } from '../../router/routes'

/**
 * The screen for the current route, or the one a guard or an unknown route
 * redirects to. Re-evaluated when the session changes, so signing out anywhere
 * (another element, another tab, a 401) sends a guarded screen to /login.
 */
export function useGuardedRoute(): ScreenName {
  const { route, navigate } = useNavigation()
  const signedIn = useFlexStore((s) => s.accessData !== null)
  const resolution = resolveRoute(route, signedIn)
  const redirect = 'redirect' in resolution ? resolution.redirect : null

  useEffect(() => {
    // replace: Back must not land on the route that redirected.
    if (redirect) navigate(redirect, { replace: true })
  }, [redirect, navigate])

  // Every redirect ends at the dashboard (signed in) or the log-in (signed out): that screen is drawn at once,
  // and kept if the host cancels the redirect's flex-navigate (its address then stays as it was), never an empty element.
  return 'screen' in resolution ? resolution.screen : signedIn ? 'dashboard' : 'login'
}
