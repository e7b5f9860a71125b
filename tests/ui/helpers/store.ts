import { forgetUnseen } from '../../../src/store/unseen-keys'
import { store } from '../../../src/store'
import type { AccessData } from '../../../src/api/types'
import { forgetDeviceToken } from '../../../src/store/session'
import { forgetSeen } from '../../../src/store/seen-projects'
import { byBase } from '../../../src/store/capabilities-slice'

/** Back to a fresh page: signed out, no device token. localStorage is cleared by setup.ts. */
export function resetStore(): void {
  forgetSeen()
  forgetUnseen()
  store.setState({
    accessData: null,
    signOutReason: null,
    hostSignIn: null,
    revealedKeys: {},
    snippetPick: null,
    snippetProjects: null,
    snippetKeys: {},
    capabilities: byBase(),
  })
  forgetDeviceToken()
  localStorage.clear()
  sessionStorage.clear()
}

/** Signs in as if a log-in had succeeded. */
export function signInAs(accessData: AccessData = { accessToken: 'access-token-1', name: 'Ada' }): AccessData {
  store.getState().signIn(accessData)
  return accessData
}
