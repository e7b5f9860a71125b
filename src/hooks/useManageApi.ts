import { useMemo } from 'react'
import { isApiError, ownError } from '../api/errors'
import { at, type ManageCall } from '../api/request'
import { useElement } from '../context/element'
import { sessionOf, store, userOf } from '../store'
import { signOut } from '../store/session'
import { renewHostSession } from '../store/host-session'
import { useFlexStore } from './useFlexStore'

export type { ManageCall } from '../api/request'

/**
 * A 401 on a signed-in call means the access token is no longer good: sign out
 * with the reason, so a log-in screen can say the session expired. Only the
 * first failing call for a token does it (several may be in flight).
 */
function expire(host: HTMLElement, apiBase: string, token: string) {
  if (store.getState().accessData?.accessToken === token) signOut(host, apiBase, 'expired')
}

/**
 * The caller every signed-in call in src/api takes first: bound to this
 * element's api-base and the shared session's access token. `signedIn` is
 * false without access data: screens then show a log-in notice instead of
 * calling.
 */
export function useManageApi(): { signedIn: boolean; call: ManageCall; session: unknown } {
  const { apiBase, host, hostSession } = useElement()
  // One caller a user, not a token: a renewal (in this tab or another) gives the same user a new token, and a
  // new caller would load every screen again, taking what was typed in a dialog with it. The token is read at
  // each call. A session that names no user is its token.
  const session = useFlexStore((s) => sessionOf(s.accessData))

  return useMemo(() => {
    const base = at(apiBase)
    const call: ManageCall = async (opts) => {
      const { accessData } = store.getState()
      const token = accessData?.accessToken
      if (!token) throw ownError('http', 'error.status', 401)
      // An answer belongs to the user who asked: once another session has taken
      // its place (a sign-out, the next user signed in on this page), it would
      // write the previous user's data, a new key's secret among it, into theirs.
      // A session of the same user (a renewal of the host's, in any tab) keeps
      // it; one that names no user is its token alone.
      const user = userOf(accessData)
      const send = (t: string) =>
        base<never>({ ...opts, token: t }).finally(() => {
          const now = store.getState().accessData
          if (now?.accessToken != t && (!user || userOf(now) !== user)) throw ownError('http', 'error.aborted')
        })
      try {
        return await send(token)
      } catch (e) {
        if (!isApiError(e) || e.status !== 401) throw e
        // Asked again once, unseen: with the same user's newer session, should one have taken its place meanwhile
        // (another tab's, or the host page's), else with a session the host renews.
        const now = store.getState().accessData
        const renewed =
          now && now.accessToken != token && user && userOf(now) === user
            ? now.accessToken
            : hostSession && (await renewHostSession(apiBase, hostSession, token, host))
        if (!renewed) {
          expire(host, apiBase, token)
          throw e
        }
        // The host's session source now signs another user in (they signed in to the host meanwhile): the call was
        // this user's, and asked again it would act in the other user's account.
        if (userOf(store.getState().accessData) !== user) throw ownError('http', 'error.aborted')
        try {
          return await send(renewed)
        } catch (again) {
          if (isApiError(again) && again.status === 401) expire(host, apiBase, renewed)
          throw again
        }
      }
    }
    return { signedIn: session != null, call, session }
  }, [apiBase, host, hostSession, session])
}
