import { createContext, useCallback, useContext, useEffect, useState } from 'react'
import { emit } from '../events'
import { parseRoute, type Route } from './routes'

export type RouterMode = 'hash' | 'memory'

export interface Navigation {
  route: Route
  mode: RouterMode
  /** Goes to `to` unless a `flex-navigate` listener cancels it. */
  navigate: (to: string, options?: { replace?: boolean }) => void
  /** The href a link to `to` should carry (`#/…` in hash mode). */
  hrefFor: (to: string) => string
}

const currentHash = () => parseRoute(window.location.hash || '#/')

// Memory mode keeps its route for the tab, so a reload comes back to it. Only
// the route (a path and a project id) is stored: never anything secret.
const ROUTE_KEY = 'flex-route'
// Storage may be blocked (a sandboxed frame, privacy settings) or full: the route is then not remembered.
const session = (write?: string): string | null => {
  try {
    if (write) sessionStorage.setItem(ROUTE_KEY, write)
    return sessionStorage.getItem(ROUTE_KEY)
  } catch {
    return null
  }
}

/**
 * Routing for one element. Hash mode follows `location.hash`, so back and
 * forward work and elements on one page agree; memory mode keeps the route
 * inside the element for hosts that own the hash.
 */
export function useNavigationState(host: Element, mode: RouterMode, initial = '/'): Navigation {
  const [route, setRoute] = useState<Route>(() => (mode === 'hash' ? currentHash() : parseRoute(session() ?? initial)))

  useEffect(() => {
    if (mode !== 'hash') return
    const sync = () =>
      setRoute((prev) => {
        const next = currentHash()
        return next.href === prev.href ? prev : next
      })
    sync()
    window.addEventListener('hashchange', sync)
    window.addEventListener('popstate', sync)
    return () => {
      window.removeEventListener('hashchange', sync)
      window.removeEventListener('popstate', sync)
    }
  }, [mode])

  const navigate = useCallback(
    (to: string, options: { replace?: boolean } = {}) => {
      const next = parseRoute(to)
      if (!emit(host, 'flex-navigate', { to: next.href }, true)) return
      if (mode === 'hash') {
        if (options.replace) window.history.replaceState(window.history.state, '', '#' + next.href)
        else if (window.location.hash !== '#' + next.href) window.location.hash = next.href
      } else session(next.href)
      setRoute(next)
    },
    [host, mode],
  )

  const hrefFor = useCallback((to: string) => (mode === 'hash' ? '#' + parseRoute(to).href : parseRoute(to).href), [mode])

  return { route, mode, navigate, hrefFor }
}

export const NavigationContext = createContext<Navigation | null>(null)

/** The element's router: every screen renders inside an element (create-element.tsx provides it). */
export const useNavigation = (): Navigation => useContext(NavigationContext)!
