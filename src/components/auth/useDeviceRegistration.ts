import { useEffect } from 'react'
import { ensureDeviceToken } from '../../store/session'

/**
 * Opening an authentication screen registers the anonymous device.
 * ensureDeviceToken shares one request between every screen on the page; a
 * failure is silent here because submitting retries it and shows the error.
 */
export function useDeviceRegistration(apiBase: string, enabled = true): void {
  useEffect(() => {
    if (enabled) ensureDeviceToken(apiBase).catch(() => undefined)
  }, [apiBase, enabled])
}
