import { useSignedOutText } from './auth/useSignedOutText'
import { useT } from '../i18n'
import { common } from '../i18n/en/common'

/**
 * What <flex-projects> and <flex-project-detail> show on a page without
 * <flex-portal> while nobody is signed in: no call is made. A <flex-login>
 * elsewhere on the page signs in through the shared store, and the screen
 * replaces this notice at once.
 */
export function SignedOutNotice() {
  // What ended the session, in one sentence, as the log-in screen says it.
  const said = useSignedOutText()
  const t = useT(common)
  return (
    <div role="status" className="rounded-flex border border-border bg-surface p-6 text-center font-flex text-sm text-fg">
      {said && <p className="font-semibold">{said}</p>}
      <p className={said ? 'mt-1 text-muted' : 'text-muted'}>{t('common.signedOut')}</p>
    </div>
  )
}
