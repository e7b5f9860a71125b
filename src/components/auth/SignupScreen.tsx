import { useId } from 'react'
import { register } from '../../api/calls'
import { TextField } from '../TextField'
import { AuthForm, type AuthScreenProps } from './AuthForm'

/**
 * The sign-up screen: route /signup, and <flex-signup>. A failure shows the
 * server's own message (which rule a refused password broke, a taken e-mail).
 */
export function SignupScreen(props: AuthScreenProps) {
  const ruleId = useId()
  return (
    <AuthForm
      {...props}
      title="Sign up for your account"
      call={register}
      submit="Sign up"
      pending="Signing up…"
      other={['Already have an account?', 'login', 'Log in']}
    >
      <TextField label="Name" name="name" type="text" autoComplete="name" required />
      <TextField label="Email address" name="email" type="email" autoComplete="email" required />
      <div>
        <TextField label="Password" name="password" type="password" autoComplete="new-password" required aria-describedby={ruleId} />
        {/* The server's rule, stated before submit; its own message shows in the banner if a password is refused. */}
        <p id={ruleId} className="mt-2 text-sm text-muted">
          At least 8 characters. Not a common password or your e-mail address.
        </p>
      </div>
    </AuthForm>
  )
}
