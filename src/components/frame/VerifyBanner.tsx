import { useEffect, useState } from 'react'
import { getProfile } from '../../api/account-calls'
import { useElement } from '../../context/element'
import { VerifyCodeForm } from '../account/VerifyCodeForm'
import { useAccountApi } from '../account/useAccountApi'
import { useFlexStore } from '../../hooks/useFlexStore'
import { useNavigation } from '../../router/navigation'
import { Alert } from '../Alert'
import { useT } from '../../i18n'
import { frame } from '../../i18n/en/frame'

// One look-up per session token for the page's life: moving between screens does not ask again.
const asked = new Map<string, Promise<string | null>>()

const linkClass = 'font-semibold underline focus:outline-none focus-visible:ring-2 focus-visible:ring-focus'

/**
 * "Your e-mail address is not verified", under the signed-in screens, with
 * "Verify now", which opens the field for the code mailed at sign-up right
 * here. It blocks nothing; it goes once the address is verified (the
 * `flex-email-verified` event) or the reader dismisses it. A failed look-up
 * shows nothing: it is a reminder, not a screen. It arrives after the screen
 * is drawn, so it comes in at the bottom of the view and stays there: what
 * the reader is looking at does not move.
 */
export function VerifyBanner() {
  const { apiBase, host } = useElement()
  const { route } = useNavigation()
  const api = useAccountApi()
  const token = useFlexStore((s) => s.accessData?.accessToken ?? null)
  // The account's id while its address is unverified, else null.
  const [userId, setUserId] = useState<string | null>(null)
  const [dismissed, setDismissed] = useState(false)
  const [open, setOpen] = useState(false)
  const t = useT(frame)

  useEffect(() => {
    if (!token) return
    let live = true
    let pending = asked.get(token)
    if (!pending) {
      pending = getProfile(apiBase, token).then((p) => (p.signIn === 'password' && !p.emailVerified ? p.id : null))
      pending.catch(() => asked.delete(token!))
      asked.set(token, pending)
    }
    pending.then(
      (id) => live && setUserId(id),
      () => undefined,
    )
    const verified = () => {
      asked.set(token, Promise.resolve(null))
      setUserId(null)
    }
    host.addEventListener('flex-email-verified', verified)
    return () => {
      live = false
      host.removeEventListener('flex-email-verified', verified)
    }
  }, [apiBase, host, token])

  const visible = userId !== null && !dismissed && route.path !== '/profile'
  if (!visible) return null
  return (
    <div className="sticky bottom-0 px-4 pb-4 cq-sm:px-6">
      <div className="rounded-flex shadow-lg">
        <Alert tone="info" onDismiss={() => setDismissed(true)}>
          {t('frame.verify.notice')}{' '}
          {!open && (
            <button type="button" onClick={() => setOpen(true)} className={linkClass}>
              {t('frame.verify.now')}
            </button>
          )}
          {open && (
            <div className="mt-3">
              <VerifyCodeForm api={api} userId={userId} onVerified={() => setUserId(null)} />
            </div>
          )}
        </Alert>
      </div>
    </div>
  )
}
