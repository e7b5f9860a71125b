import { useCallback, useRef, useState } from 'react'
import { errorMessage } from '../../api/errors'
import type { AccessData } from '../../api/types'
import { emit } from '../../events'
import { useNavigation } from '../../router/navigation'
import { store } from '../../store'
import { ensureDeviceToken } from '../../store/device'
import { useElement } from '../context'

type AuthCall<I> = (base: string, deviceToken: string, input: I) => Promise<AccessData>

/**
 * The submit flow both screens share: device token (retried if opening the
 * screen failed to get one), the call, then sign in, `flex-signed-in` and
 * /dashboard. A failure leaves the store untouched and yields the message for
 * the red banner; the form keeps what was typed.
 */
export function useAuthSubmit<I>(call: AuthCall<I>) {
  const { host, apiBase } = useElement()
  const { navigate } = useNavigation()
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  // State updates are async: a second submit in the same tick must see the first.
  const inFlight = useRef(false)

  const submit = useCallback(
    async (input: I) => {
      if (inFlight.current) return
      inFlight.current = true
      setPending(true)
      setError(null)
      try {
        const deviceToken = await ensureDeviceToken(apiBase)
        const accessData = await call(apiBase, deviceToken, input)
        store.getState().signIn(accessData)
        emit(host, 'flex-signed-in', {})
        navigate('/dashboard')
      } catch (e) {
        setError(errorMessage(e))
      } finally {
        inFlight.current = false
        setPending(false)
      }
    },
    [apiBase, call, host, navigate],
  )

  return { submit, pending, error }
}
