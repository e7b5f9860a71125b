import { useEffect, useReducer, useState } from 'react'
import { getProfile, type Profile } from '../../api/accounts'
import { useElement } from '../../context/element'
import { useCapability } from '../../hooks/useCapability'
import { useFlexStore } from '../../hooks/useFlexStore'
import { useManageApi } from '../../hooks/useManageApi'

// One look-up per session token for the page's life, shared by whoever asks (the reminder under the
// screens, the Members section's Invite): moving between screens does not ask again.
const asked = new Map<string, Promise<Profile | null>>()
const askers = new Set<() => void>()

/**
 * Something other than the code form may have verified the address (an
 * accepted invitation's code came to it): forget the answers, and every
 * reader asks again (an answer still on its way is dropped).
 */
export function askAgain(): void {
  asked.clear()
  for (const ask of askers) ask()
}

/**
 * The signed-in account (its profile) while its e-mail address is unverified,
 * which the server counts against inviting: a password account's waits for its
 * mailed code, a host sign-in's has no code to ask for (only its provider or
 * an invitation's code verifies it: `signIn` tells them apart). Else null —
 * also while unknown, when the look-up fails (asked again next time), and on a
 * server without accounts, which is not asked. It turns null once the address
 * is verified (the `flex-email-verified` event).
 */
export function useUnverifiedAccount(): Profile | null {
  const { host } = useElement()
  const ask = useCapability('accounts')
  const token = useFlexStore((s) => s.accessData?.accessToken)
  const { call } = useManageApi()
  const [account, setAccount] = useState<Profile | null>(null)
  const [round, again] = useReducer((n: number) => n + 1, 0)

  useEffect(() => {
    askers.add(again)
    return () => {
      askers.delete(again)
    }
  }, [])

  useEffect(() => {
    if (!token || !ask) return
    let live = true
    let pending = asked.get(token)
    if (!pending) asked.set(token, (pending = getProfile(call).then((p) => (p.emailVerified ? null : p))))
    // A failed look-up is forgotten, so the next reader asks again.
    pending.then(
      (p) => live && setAccount(p),
      () => asked.delete(token),
    )
    // Verified: the next reader asks again, and hears so.
    const verified = () => {
      asked.delete(token)
      setAccount(null)
    }
    host.addEventListener('flex-email-verified', verified)
    return () => {
      live = false
      host.removeEventListener('flex-email-verified', verified)
    }
  }, [call, host, token, ask, round])

  return account
}
