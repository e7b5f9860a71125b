import { Button } from '../Button'
import { signOut } from '../../store/session'
import { useElement } from '../../context/element'
import { AuthLayout } from './AuthLayout'
import { useT } from '../../i18n'
import { auth } from '../../i18n/en/auth'

/**
 * What a standalone <flex-login> or <flex-signup> shows to a user who is
 * already signed in (on this page, in another element or another tab): a form
 * would only sign them in twice.
 */
export function SignedInNotice() {
  const { host, apiBase } = useElement()
  const t = useT(auth)
  return (
    <AuthLayout>
      <div className="flex flex-col items-center gap-4 text-center">
        <p role="status" className="text-sm text-fg">
          {t('auth.signedIn')}
        </p>
        <Button variant="secondary" onClick={() => signOut(host, apiBase, 'user')}>
          {t('auth.signOut')}
        </Button>
      </div>
    </AuthLayout>
  )
}
