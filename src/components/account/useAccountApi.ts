import { useMemo } from 'react'
import * as calls from '../../api/account-calls'
import { isApiError, ownError } from '../../api/errors'
import { useElement } from '../../context/element'
import { useFlexStore } from '../../hooks/useFlexStore'
import { store } from '../../store'
import { signOut } from '../../store/session'

/**
 * The account calls with this element's api-base and the session's token. A
 * 401 ends the session as an expired one, as the project calls do.
 */
export function useAccountApi() {
  const { apiBase, host } = useElement()
  const token = useFlexStore((s) => s.accessData?.accessToken ?? null)
  return useMemo(() => {
    async function run<T>(call: (base: string, token: string) => Promise<T>): Promise<T> {
      if (!token) throw ownError('http', 'status', 401)
      try {
        return await call(apiBase, token)
      } catch (e) {
        if (isApiError(e) && e.status === 401 && store.getState().accessData?.accessToken === token) signOut(host, apiBase, 'expired')
        throw e
      }
    }
    return {
      token,
      getProfile: (signal?: AbortSignal) => run((b, t) => calls.getProfile(b, t, signal)),
      rename: (name: string) => run((b, t) => calls.renameAccount(b, t, name)),
      sendVerification: () => run(calls.sendVerification),
      verifyEmail: (code: string) => run((b, t) => calls.verifyEmail(b, t, code)),
      changePassword: (body: { currentPassword: string; newPassword: string }) => run((b, t) => calls.changePassword(b, t, body)),
      logoutEverywhere: () => run(calls.logoutEverywhere),
      deleteAccount: (password: string) => run((b, t) => calls.deleteAccount(b, t, password)),
    }
  }, [apiBase, host, token])
}

export type AccountApi = ReturnType<typeof useAccountApi>
