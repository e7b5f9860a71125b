import { useEffect, useReducer, useState } from 'react'
import { getProfile } from '../../api/accounts'
import { useElement } from '../../context/element'
import { useCapability } from '../../hooks/useCapability'
import { useFlexStore } from '../../hooks/useFlexStore'
import { useManageApi } from '../../hooks/useManageApi'

// One look-up per session token for the page's life, shared by whoever asks (the reminder under the
// screens, the Members section's Invite): moving between screens does not ask again.
const asked = new Map<string, Promise<string | null>>()
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
 * The signed-in account's id while its e-mail address waits for its mailed
 * code (a password account: a host sign-in's has no code to ask for, only its provider or an invitation's code verifies it), else
 * null — also while unknown, when the look-up fails (asked again next time),
 * and on a server without accounts, which is not asked. It turns null once
 * the address is verified (the `flex-email-verified` event).
 */
export function useUnverifiedAccount(): string | null {
  const { host } = useElement()
  const ask = useCapability('accounts')
  const token = useFlexStore((s) => s.accessData?.accessToken)
  const { call } = useManageApi()
  const [userId, setUserId] = useState<string | null>(null)
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
    if (!pending) asked.set(token, (pending = getProfile(call).then((p) => (p.signIn === 'password' && !p.emailVerified ? p.id : null))))
    // A failed look-up is forgotten, so the next reader asks again.
    pending.then(
      (id) => live && setUserId(id),
      () => asked.delete(token),
    )
    // Verified: the next reader asks again, and hears so.
    const verified = () => {
      asked.delete(token)
      setUserId(null)
    }
    host.addEventListener('flex-email-verified', verified)
    return () => {
      live = false
      host.removeEventListener('flex-email-verified', verified)
    }
  }, [call, host, token, ask, round])

  return userId
}
