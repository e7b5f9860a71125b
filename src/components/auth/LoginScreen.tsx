import { authenticate } from '../../api/calls'
import { Alert } from '../Alert'
import { TextField } from '../TextField'
import { useFlexStore } from '../../hooks/useFlexStore'
import { AuthForm, type AuthScreenProps } from './AuthForm'

/** The log-in screen: routes / and /login, and <flex-login>. After a 401 signed the user out, it says the session expired. */
export function LoginScreen(props: AuthScreenProps) {
  const expired = useFlexStore((s) => s.signOutReason === 'expired')
  return (
    <AuthForm
      {...props}
      title="Log in to your account"
      call={authenticate}
      submit="Log in"
      pending="Logging in…"
      other={["Don't have an account?", 'signup', 'Sign up']}
      notice={expired && <Alert tone="info">Your session has expired. Please log in again.</Alert>}
    >
      <TextField label="Email address" name="email" type="email" autoComplete="username" required />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
    </AuthForm>
  )
}
