import { authenticate } from '../../api/session'
import { Alert } from '../Alert'
import { TextField } from '../TextField'
import { AuthForm, type AuthScreenProps } from './AuthForm'
import { useT } from '../../i18n'
import { auth } from '../../i18n/en/auth'
import { useSignedOutText } from './useSignedOutText'

/**
 * The log-in screen: routes / and /login, and <flex-login>. After a session
 * ended by a 401, "Sign out everywhere" or "Delete account", it says which.
 */
export function LoginScreen(props: AuthScreenProps) {
  const signedOut = useSignedOutText()
  const t = useT(auth)
  return (
    <AuthForm
      {...props}
      title={t('login.heading')}
      call={authenticate}
      submit={t('login.submit')}
      pending={t('login.pending')}
      other={[t('login.noAccount'), 'signup', t('login.toSignup')]}
      notice={signedOut && <Alert tone="info">{signedOut}</Alert>}
    >
      <TextField label={t('auth.email')} name="email" type="email" autoComplete="username" required />
      <TextField label={t('auth.password')} name="password" type="password" autoComplete="current-password" required />
    </AuthForm>
  )
}
