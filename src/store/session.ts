/**
 * The session's comings and goings in one place: the anonymous device token
 * (one registration per api-base, shared by every element on the page) and
 * sign-out (store, event and the server's revocation together).
 */
import { at } from '../api/request'
import { logout, registerDevice } from '../api/session'
import { isApiError } from '../api/errors'
import { emit } from '../events'
import { singleFlight } from '../single-flight'
import { store } from './index'
import type { SignOutReason } from './session-slice'
import { DEVICE_UNKNOWN } from '../../contract/constants'

// The only cache of device tokens: the registration's promise, so concurrent
// callers (two screens opening at once) share one request.
const devices = new Map<string, Promise<string>>()

/** The device token for `base`, registering the anonymous device on first use; a failure is forgotten so the next call retries. */
export const ensureDeviceToken = (base: string): Promise<string> => singleFlight(devices, base, () => registerDevice(at(base)), true)

/** Drops the cached token (the server no longer knows it), or every token when no base is given. */
export function forgetDeviceToken(base?: string): void {
  if (base === undefined) devices.clear()
  else devices.delete(base)
}

/**
 * Calls `call` with the device token; when the server has forgotten that
 * device (DEVICE_UNKNOWN: its data was reset), registers a new one and calls
 * once more, unseen by the user. Log-in, sign-up and the host's code exchange.
 */
export async function withDeviceToken<T>(base: string, call: (deviceToken: string) => Promise<T>): Promise<T> {
  try {
    return await call(await ensureDeviceToken(base))
  } catch (e) {
    if (!isApiError(e) || e.code !== DEVICE_UNKNOWN) throw e
    forgetDeviceToken(base)
    return call(await ensureDeviceToken(base))
  }
}

/**
 * Ends the session: storage cleared at once, then `flex-signed-out` on `host`.
 * A sign-out the user asked for ("Sign out") also revokes the access token on
 * the server, as a best effort: a failed call (offline, a server without the
 * route) changes nothing here. An expired session has nothing left to revoke,
 * nor has one ended by "Sign out everywhere" or "Delete account" (the server
 * already did it); those two are the user's own, as the event says, and the
 * log-in screen says which it was.
 */
export function signOut(host: Element, apiBase: string, reason: 'user' | SignOutReason): void {
  const token = store.getState().accessData?.accessToken
  store.getState().signOut(reason === 'user' ? undefined : reason)
  const byUser = reason !== 'expired'
  // A host's session ended by the user stays ended: no new code is asked for.
  if (byUser) store.setState({ hostSignIn: 'signed-out' })
  emit(host, 'flex-signed-out', { reason: byUser ? 'user' : 'expired' })
  if (reason === 'user' && token) logout(at(apiBase), token).catch(() => undefined)
}
