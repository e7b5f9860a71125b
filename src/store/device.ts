import { registerDevice } from '../api/calls'
import { store } from './index'

const pending = new Map<string, Promise<string>>()

/**
 * The device token for `base`, registering the anonymous device on first use.
 * Concurrent callers (two screens opening at once) share one request; a failed
 * registration is forgotten so the next attempt retries.
 */
export function ensureDeviceToken(base: string): Promise<string> {
  const device = store.getState().device
  if (device?.base === base) return Promise.resolve(device.token)
  let request = pending.get(base)
  if (!request) {
    request = registerDevice(base)
      .then((token) => {
        store.getState().setDevice(base, token)
        return token
      })
      .finally(() => pending.delete(base))
    pending.set(base, request)
  }
  return request
}
