import { useState } from 'react'
import { VerifyCodeForm } from '../account/VerifyCodeForm'
import { useManageApi } from '../../hooks/useManageApi'
import { useUnverifiedAccount } from '../account/useUnverifiedAccount'
import { useCapability } from '../../hooks/useCapability'
import { useNavigation } from '../../router/navigation'
import { Alert } from '../Alert'
import { Toast } from '../toast/Toast'
import { useT } from '../../i18n'
import { frame } from '../../i18n/en/frame'
import { FOCUS_RING } from '../focus-ring'
import { useFocusKeeper } from '../focus/useFocusKeeper'

const linkClass = `font-semibold underline ${FOCUS_RING}`

/**
 * "Your e-mail address is not verified", under the signed-in screens, with
 * "Verify now", which opens the field for the code mailed at sign-up right
 * here, focus in its field. It blocks nothing; once the address is verified
 * (the `flex-email-verified` event) it says so and goes, or the reader dismisses it. A failed look-up
 * shows nothing: it is a reminder, not a screen. It arrives after the screen
 * is drawn, so it comes in at the bottom of the view and stays there: what
 * the reader is looking at does not move.
 */
export function VerifyBanner() {
  const { route } = useNavigation()
  const { call } = useManageApi()
  // The account's id while its address waits for its mailed code: a host sign-in's has no code to ask for.
  const account = useUnverifiedAccount()
  const userId = account?.signIn == 'password' && account.id
  // No code can be mailed on a server run without mail.
  const mail = useCapability('mail')
  const [dismissed, setDismissed] = useState(false)
  const [open, setOpen] = useState(false)
  const [verified, setVerified] = useState(false)
  const t = useT(frame)
  // Verified, the field goes with the reminder: the box keeps focus, and so a screen reader says the notice in it,
  // as after a key deleted from its row. One element in both returns, so React keeps it and the keeper's watch.
  const keeper = useFocusKeeper<HTMLDivElement>()

  if (verified)
    return (
      <div className="sticky bottom-0 px-4 pb-4 cq-sm:px-6" {...keeper}>
        <Toast message={t('frame.verify.done')} onClose={() => setVerified(false)} />
      </div>
    )
  if (!userId || !mail || dismissed || route.path === '/profile') return null
  return (
    <div className="sticky bottom-0 px-4 pb-4 cq-sm:px-6" {...keeper}>
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
              {/* Verified, the form tells the host (flex-email-verified), and the account is no longer unverified: the reminder
                  gives way to a notice that says so. The field takes focus: the button that opened it is gone. */}
              <VerifyCodeForm
                call={call}
                userId={userId}
                autoFocus
                onVerified={() => {
                  setDismissed(true)
                  setVerified(true)
                }}
              />
            </div>
          )}
        </Alert>
      </div>
    </div>
  )
}
