/**
 * The route table. Paths are what follows `#` in
 * hash mode (`/projects?projectid=…`); memory mode keeps the same strings.
 */
export type ScreenName = 'login' | 'signup' | 'dashboard' | 'project' | 'profile' | 'settings' | 'invitation'

export interface Route {
  /** Path without the query, always starting with `/`. */
  path: string
  query: URLSearchParams
  /** path + query, as navigated to. */
  href: string
}

export function parseRoute(to: string): Route {
  let href = to.startsWith('#') ? to.slice(1) : to
  if (!href.startsWith('/')) href = '/' + href
  const q = href.indexOf('?')
  const path = q === -1 ? href : href.slice(0, q)
  const query = new URLSearchParams(q === -1 ? '' : href.slice(q + 1))
  return { path, query, href }
}

/** Where an invitation's link leads (`#/invitations/accept?code=…`): the code is taken out of the address as soon as it is read. */
export const INVITATION_PATH = '/invitations/accept'

const under = (path: string, prefix: string) => path === prefix || path.startsWith(prefix + '/')

/** Which screen a path shows, or null for an unknown path. */
export function matchScreen(path: string): { screen: ScreenName; guarded: boolean; open?: true } | null {
  if (path === '/' || path === '/login') return { screen: 'login', guarded: false }
  if (path === '/signup') return { screen: 'signup', guarded: false }
  if (under(path, '/dashboard')) return { screen: 'dashboard', guarded: true }
  if (under(path, '/projects')) return { screen: 'project', guarded: true }
  if (path === '/profile') return { screen: 'profile', guarded: true }
  // The account's security (password, sessions, deletion): where the user menu's "Settings" leads on a server with accounts.
  if (path === '/settings') return { screen: 'settings', guarded: true }
  // Open to both: signed out, it asks to log in or sign up first; signed in, it accepts.
  if (path === INVITATION_PATH) return { screen: 'invitation', guarded: false, open: true }
  return null
}

export type Resolution = { screen: ScreenName } | { redirect: string }

/**
 * Guards: a guarded route without access data goes to /login (its presence
 * only, not its validity: an expired token is found out by the first 401); an unknown route goes to /. The mirror: with access
 * data, the log-in and sign-up routes go to /dashboard.
 */
export function resolveRoute(route: Route, signedIn: boolean): Resolution {
  const match = matchScreen(route.path)
  if (!match) return { redirect: '/' }
  if (match.guarded && !signedIn) return { redirect: '/login' }
  if (!match.guarded && !match.open && signedIn) return { redirect: '/dashboard' }
  return { screen: match.screen }
}

export const projectHref = (id: string) => `/projects?projectid=${encodeURIComponent(id)}`
