import type { FormEvent } from 'react'
import { authenticate } from '../../api/calls'
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

export interface LoginScreenProps {
  /** Set by <flex-portal>, whose route table shows the form even to a signed-in user. */
  inPortal?: boolean
  /** Standalone: shows the other screen in place of this one. */
  onSwitch?: () => void
}

/** The log-in screen: routes / and /login, and <flex-login>. */
export function LoginScreen({ inPortal = false, onSwitch }: LoginScreenProps) {
  const { apiBase } = useElement()
  const signedIn = useFlexStore((s) => s.accessData !== null)
  const expired = useFlexStore((s) => s.signOutReason === 'expired')
  const showNotice = signedIn && !inPortal
  useDeviceRegistration(apiBase, !showNotice)
  const { submit, pending, error } = useAuthSubmit(authenticate)

  if (showNotice) return <SignedInNotice />

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    void submit({ email: formValue(form, 'email'), password: formValue(form, 'password') })
  }

  return (
    <AuthLayout
      title="Log in to your account"
      footer={
        <>
          Don't have an account?{' '}
          <SwitchLink to="signup" onSwitch={onSwitch}>
            Sign up
          </SwitchLink>
        </>
      }
    >
      <form className="space-y-6" onSubmit={onSubmit}>
        {error ? <Alert>{error}</Alert> : expired && <Alert tone="info">Your session has expired. Please log in again.</Alert>}
        <TextField label="Email address" name="email" type="email" autoComplete="username" required />
        <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
        <RememberForgot />
        <Button type="submit" className="w-full" pending={pending} pendingLabel="Logging in…">
          Log in
        </Button>
      </form>
    </AuthLayout>
  )
}
