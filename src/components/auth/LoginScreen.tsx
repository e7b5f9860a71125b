import { authenticate } from '../../api/calls'
import { Alert } from '../Alert'
import { TextField } from '../TextField'
import { useFlexStore } from '../../hooks/useFlexStore'
import { AuthForm, type AuthScreenProps } from './AuthForm'
import { useT } from '../../i18n'
import { auth } from '../../i18n/en/auth'

/** The log-in screen: routes / and /login, and <flex-login>. After a 401 signed the user out, it says the session expired. */
export function LoginScreen(props: AuthScreenProps) {
  const expired = useFlexStore((s) => s.signOutReason === 'expired')
  const t = useT(auth)
  return (
    <AuthForm
      {...props}
      title={t('login.heading')}
      call={authenticate}
      submit={t('login.submit')}
      pending={t('login.pending')}
      other={[t('login.noAccount'), 'signup', t('login.toSignup')]}
      notice={expired && <Alert tone="info">{t('login.expired')}</Alert>}
    >
      <TextField label={t('auth.email')} name="email" type="email" autoComplete="username" required />
      <TextField label={t('auth.password')} name="password" type="password" autoComplete="current-password" required />
    </AuthForm>
  )
}
