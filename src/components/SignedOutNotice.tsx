import { useFlexStore } from '../hooks/useFlexStore'

const SIGNED_OUT_NOTICE = 'Log in to see your projects.'
const EXPIRED_NOTICE = 'Your session has expired.'

/**
 * What <flex-projects> and <flex-project-detail> show on a page without
 * <flex-portal> while nobody is signed in: no call is made. A <flex-login>
 * elsewhere on the page signs in through the shared store, and the screen
 * replaces this notice at once.
 */
export function SignedOutNotice() {
  const expired = useFlexStore((s) => s.signOutReason === 'expired')
  return (
    <div role="status" className="rounded-flex border border-border bg-surface p-6 text-center font-flex text-sm text-fg">
      {expired && <p className="font-semibold">{EXPIRED_NOTICE}</p>}
      <p className={expired ? 'mt-1 text-muted' : 'text-muted'}>{SIGNED_OUT_NOTICE}</p>
    </div>
  )
}
