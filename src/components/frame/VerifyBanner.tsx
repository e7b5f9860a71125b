import { useEffect, useState } from 'react'
import { getProfile } from '../../api/account-calls'
import { useElement } from '../../context/element'
import { useFlexStore } from '../../hooks/useFlexStore'
import { useNavigation } from '../../router/navigation'
import { Alert } from '../Alert'
import { useT } from '../../i18n'
import { frame } from '../../i18n/en/frame'

// One look-up per session token for the page's life: moving between screens does not ask again.
const asked = new Map<string, Promise<boolean>>()

/**
 * "Your e-mail address is not verified", above the signed-in screens, with
 * "Verify now" (the profile). It blocks nothing; it goes once the address is
 * verified (the `flex-email-verified` event) or the reader dismisses it.
 * A failed look-up shows nothing: it is a reminder, not a screen.
 */
export function VerifyBanner() {
  const { apiBase, host, urls } = useElement()
  const { navigate, route } = useNavigation()
  const token = useFlexStore((s) => s.accessData?.accessToken ?? null)
  const [unverified, setUnverified] = useState(false)
  const [dismissed, setDismissed] = useState(false)
  const t = useT(frame)

  useEffect(() => {
    if (!token) return
    let live = true
    let pending = asked.get(token)
    if (!pending) {
      pending = getProfile(apiBase, token).then((p) => p.signIn === 'password' && !p.emailVerified)
      pending.catch(() => asked.delete(token!))
      asked.set(token, pending)
    }
    pending.then(
      (yes) => live && setUnverified(yes),
      () => undefined,
    )
    const verified = () => {
      asked.set(token, Promise.resolve(false))
      setUnverified(false)
    }
    host.addEventListener('flex-email-verified', verified)
    return () => {
      live = false
      host.removeEventListener('flex-email-verified', verified)
    }
  }, [apiBase, host, token])

  if (!unverified || dismissed || route.path === '/profile') return null
  const verifyNow = urls.profile ? (
    <a href={urls.profile} className="font-semibold underline focus:outline-none focus-visible:ring-2 focus-visible:ring-focus">
      {t('frame.verify.now')}
    </a>
  ) : (
    <button
      type="button"
      onClick={() => navigate('/profile')}
      className="font-semibold underline focus:outline-none focus-visible:ring-2 focus-visible:ring-focus"
    >
      {t('frame.verify.now')}
    </button>
  )
  return (
    <div className="px-4 pt-4 cq-sm:px-6">
      <Alert tone="info" onDismiss={() => setDismissed(true)}>
        {t('frame.verify.notice')} {verifyNow}
      </Alert>
    </div>
  )
}
