import { useFlexStore } from '../hooks/useFlexStore'
import { useT } from '../i18n'
import { common } from '../i18n/en/common'

/**
 * What <flex-projects> and <flex-project-detail> show on a page without
 * <flex-portal> while nobody is signed in: no call is made. A <flex-login>
 * elsewhere on the page signs in through the shared store, and the screen
 * replaces this notice at once.
 */
export function SignedOutNotice() {
  const expired = useFlexStore((s) => s.signOutReason === 'expired')
  const t = useT(common)
  return (
    <div role="status" className="rounded-flex border border-border bg-surface p-6 text-center font-flex text-sm text-fg">
      {expired && <p className="font-semibold">{t('common.expired')}</p>}
      <p className={expired ? 'mt-1 text-muted' : 'text-muted'}>{t('common.signedOut')}</p>
    </div>
  )
}
