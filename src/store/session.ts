/**
 * The session's comings and goings in one place: the anonymous device token
 * (one registration per api-base, shared by every element on the page) and
 * sign-out (store, event and the server's revocation together).
 */
import { logout, registerDevice } from '../api/calls'
import { isApiError } from '../api/errors'
import { emit } from '../events'
import { singleFlight } from '../single-flight'
import { store } from './index'

// The only cache of device tokens: the registration's promise, so concurrent
// callers (two screens opening at once) share one request.
const devices = new Map<string, Promise<string>>()

/** The device token for `base`, registering the anonymous device on first use; a failure is forgotten so the next call retries. */
export const ensureDeviceToken = (base: string): Promise<string> => singleFlight(devices, base, () => registerDevice(base), true)

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
    if (!isApiError(e) || e.code !== 'DEVICE_UNKNOWN') throw e
    forgetDeviceToken(base)
    return call(await ensureDeviceToken(base))
  }
}

/**
 * Ends the session: storage cleared at once, then `flex-signed-out` on `host`.
 * A sign-out the user asked for also revokes the access token on the server,
 * as a best effort: a failed call (offline, a server without the route)
 * changes nothing here. An expired session has nothing left to revoke.
 */
export function signOut(host: Element, apiBase: string, reason: 'user' | 'expired'): void {
  const token = store.getState().accessData?.accessToken
  store.getState().signOut(reason === 'expired' ? reason : undefined)
  // A host's session ended by the user stays ended: no new code is asked for.
  if (reason === 'user') store.setState({ hostSignIn: 'signed-out' })
  emit(host, 'flex-signed-out', { reason })
  if (reason === 'user' && token) logout(apiBase, token).catch(() => undefined)
}
