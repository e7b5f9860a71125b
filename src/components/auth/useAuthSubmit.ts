import { useCallback, useState } from 'react'
import { at, type Call } from '../../api/request'
import type { AccessData } from '../../api/types'
import { emit } from '../../events'
import { useSingleFlight } from '../../hooks/useSingleFlight'
import { useNavigation } from '../../router/navigation'
import { store } from '../../store/index'
import { withDeviceToken } from '../../store/session'
import { useElement } from '../../context/element'

type AuthCall<I> = (call: Call, deviceToken: string, input: I) => Promise<AccessData>

/**
 * The submit flow both screens share: device token (retried if opening the
 * screen failed to get one), the call, then sign in, `flex-signed-in` and
 * /dashboard. A device token the server has forgotten (DEVICE_UNKNOWN) is
 * replaced once and the call retried, unseen by the user. A failure leaves
 * the store untouched and yields the error for the red banner; the form
 * keeps what was typed.
 */
export function useAuthSubmit<I>(call: AuthCall<I>) {
  const { host, apiBase } = useElement()
  const { navigate } = useNavigation()
  const { pending, run } = useSingleFlight()
  const [error, setError] = useState<unknown>(null)

  const submit = useCallback(
    (input: I) =>
      run(async () => {
        setError(null)
        try {
          const accessData = await withDeviceToken(apiBase, (deviceToken) => call(at(apiBase), deviceToken, input))
          store.getState().signIn(accessData)
          emit(host, 'flex-signed-in', {})
          navigate('/dashboard')
        } catch (e) {
          // null means no error: whatever was thrown shows (its message, or a generic one).
          setError(e ?? new Error())
        }
      }),
    [apiBase, call, host, navigate, run],
  )

  return { submit, pending, error }
}
