/**
 * Sign-in by the host page (its `fetchSessionCode` property or `session-url`
 * attribute): the host's backend makes a single-use code, the widget
 * exchanges it for a session. One run at a time for the whole page, so every
 * element shares one call. The code lives in this function's locals only:
 * never in storage, an event, the URL or a log line.
 */
import { exchangeCode } from '../api/host-sessions'
import { at, DEFAULT_TIMEOUT_MS } from '../api/request'
import { emit } from '../events'
import { isApiError } from '../api/errors'
import { store, userOf } from './index'
import { withDeviceToken } from './session'

/** Resolves with a code from the host's backend. */
export type CodeSource = () => Promise<unknown>

let running: Promise<boolean> | null = null

/** The user's own "Sign out" stands: no renewal may undo it, neither one a late 401 starts nor one already on its way. */
const signedOut = () => store.getState().hostSignIn === 'signed-out'

async function run(apiBase: string, source: CodeSource, host?: Element, stale?: string): Promise<boolean> {
  if (signedOut()) return false
  // A renewal keeps showing the screen it renews: no "Signing you in…" in between.
  if (store.getState().hostSignIn !== 'done') store.setState({ hostSignIn: 'pending' })
  // A refused code (it expired on its way, or was used) is asked for again, once.
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      // Given up at the limit `session-url` has: a function that never settles would leave "Signing you in…" for
      // good, and every later attempt (its "Try again") joined to it.
      const code = await Promise.race([source(), new Promise((_, fail) => setTimeout(fail, DEFAULT_TIMEOUT_MS))])
      if (typeof code !== 'string' || !code) break
      const accessData = await withDeviceToken(apiBase, (deviceToken) => exchangeCode(at(apiBase), deviceToken, code))
      // A renewal replaces the session it renews only: not one another tab has since ended ("Sign out" there)
      // or renewed itself.
      if (signedOut() || (stale && store.getState().accessData?.accessToken !== stale)) return false
      // A renewal is unseen; one that brings another user (signed in to the host meanwhile) is their sign-in.
      const same = stale && userOf(accessData) === userOf(store.getState().accessData)
      store.getState().signIn(accessData)
      store.setState({ hostSignIn: 'done' })
      if (host && !same) emit(host, 'flex-signed-in', {})
      return true
    } catch (e) {
      if (!isApiError(e) || e.status !== 401) break
    }
  }
  if (!signedOut()) store.setState({ hostSignIn: 'failed' })
  return false
}

/**
 * Signs in through the host; resolves false when it could not (the store
 * says 'failed'). `flex-signed-in` goes to `host`, the element that started
 * it (one event for the page); a renewal of the same user, unseen, sends none.
 */
export function hostSignIn(apiBase: string, source: CodeSource, host?: Element, stale?: string): Promise<boolean> {
  running ??= run(apiBase, source, host, stale).finally(() => (running = null))
  return running
}

/**
 * A session from the host that the API no longer takes (401): a new code
 * replaces it without the user noticing. Several calls failing together with
 * the same token share one renewal.
 */
export async function renewHostSession(apiBase: string, source: CodeSource, staleToken: string, host?: Element): Promise<string | null> {
  const current = () => store.getState().accessData?.accessToken
  if (current() === staleToken) await hostSignIn(apiBase, source, host, staleToken)
  // Its own session, or the one another tab renewed meanwhile; none once signed out.
  const now = current()
  return (now != staleToken && now) || null
}
