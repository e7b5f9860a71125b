import { useId, type FormEvent } from 'react'
import { register } from '../../api/calls'
import { Alert } from '../Alert'
import { Button } from '../Button'
import { TextField } from '../TextField'
import { useFlexStore } from '../../hooks/useFlexStore'
import { useElement } from '../../context/element'
import { AuthLayout } from './AuthLayout'
import { formValue } from './formValue'
import { RememberForgot } from './RememberForgot'
import { SignedInNotice } from './SignedInNotice'
import { SwitchLink } from './SwitchLink'
import { useAuthSubmit } from './useAuthSubmit'
import { useDeviceRegistration } from './useDeviceRegistration'

export interface SignupScreenProps {
  /** Set by <flex-portal>, whose route table shows the form even to a signed-in user. */
  inPortal?: boolean
  /** Standalone: shows the other screen in place of this one. */
  onSwitch?: () => void
}

/**
 * The sign-up screen: route /signup, and <flex-signup>. A failure shows the
 * server's own message (which rule a refused password broke, a taken e-mail).
 */
export function SignupScreen({ inPortal = false, onSwitch }: SignupScreenProps) {
  const { apiBase } = useElement()
  const signedIn = useFlexStore((s) => s.accessData !== null)
  const showNotice = signedIn && !inPortal
  useDeviceRegistration(apiBase, !showNotice)
  const { submit, pending, error } = useAuthSubmit(register)
  const ruleId = useId()

  if (showNotice) return <SignedInNotice />

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    void submit({ name: formValue(form, 'name'), email: formValue(form, 'email'), password: formValue(form, 'password') })
  }

  return (
    <AuthLayout
      title="Sign up for your account"
      footer={
        <>
          Already have an account?{' '}
          <SwitchLink to="login" onSwitch={onSwitch}>
            Log in
          </SwitchLink>
        </>
      }
    >
      <form className="space-y-6" onSubmit={onSubmit}>
        {error && <Alert>{error}</Alert>}
        <TextField label="Name" name="name" type="text" autoComplete="name" required />
        <TextField label="Email address" name="email" type="email" autoComplete="email" required />
        <div>
          <TextField label="Password" name="password" type="password" autoComplete="new-password" required aria-describedby={ruleId} />
          {/* The server's rule, stated before submit; its own message shows in the banner if a password is refused. */}
          <p id={ruleId} className="mt-2 text-sm text-muted">
            At least 8 characters. Not a common password or your e-mail address.
          </p>
        </div>
        <RememberForgot />
        <Button type="submit" className="w-full" pending={pending} pendingLabel="Signing up…">
          Sign up
        </Button>
      </form>
    </AuthLayout>
  )
}
