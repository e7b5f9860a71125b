import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { forgotPassword, resetPassword } from '../../../api/account-calls'
import { errorMessage, isApiError } from '../../../api/errors'
import { useElement } from '../../../context/element'
import { emit } from '../../../events'
import { useSingleFlight } from '../../../hooks/useSingleFlight'
import { useNavigation } from '../../../router/navigation'
import { store } from '../../../store/index'
import { withDeviceToken } from '../../../store/session'
import { Alert } from '../../Alert'
import { Button } from '../../Button'
import { TextField } from '../../TextField'
import { AuthLayout } from '../AuthLayout'

type Step = 'email' | 'code' | 'password'

const TITLES: Record<Step, string> = {
  email: 'Reset your password',
  code: 'Check your e-mail',
  password: 'Choose a new password',
}

const linkClass =
  'rounded-flex font-semibold text-accent hover:text-accent-hover hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-focus'

/**
 * 'Forgot your password?' inside the element: the e-mail, the code from the
 * mail (with "Send a new code"), a new password under the password rule;
 * then the reader is signed in and goes to the dashboard. The server checks
 * the code only with the new password, so a refused code brings the reader
 * back to the code step with the server's message.
 */
export function ResetFlow({ onCancel, initialEmail = '' }: { onCancel: () => void; initialEmail?: string }) {
  const { apiBase, host } = useElement()
  const { navigate } = useNavigation()
  const { pending, run } = useSingleFlight()
  const [step, setStep] = useState<Step>('email')
  const [email, setEmail] = useState(initialEmail)
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const heading = useRef<HTMLDivElement>(null)

  // Each step is a new screen to a screen reader: focus goes to its heading.
  useEffect(() => {
    const h2 = heading.current?.querySelector('h2')
    h2?.setAttribute('tabindex', '-1')
    h2?.focus()
  }, [step])

  const go = (next: Step) => {
    setError(null)
    setStep(next)
  }

  const sendCode = (again: boolean) =>
    run(async () => {
      setError(null)
      setNotice(null)
      try {
        await withDeviceToken(apiBase, (device) => forgotPassword(apiBase, device, email))
        if (again) setNotice('We sent a new code. Only the newest code works.')
        else go('code')
      } catch (e) {
        setError(errorMessage(e))
      }
    })

  const finish = (password: string) =>
    run(async () => {
      setError(null)
      try {
        const accessData = await withDeviceToken(apiBase, (device) => resetPassword(apiBase, device, { email, code, password }))
        store.getState().signIn(accessData)
        const user = accessData.user as { id?: unknown } | undefined
        emit(host, 'flex-password-reset', { userId: typeof user?.id === 'string' ? user.id : '' })
        emit(host, 'flex-signed-in', {})
        navigate('/dashboard')
      } catch (e) {
        const message = errorMessage(e)
        // The code was refused (wrong, used, burned or expired): back to where it is typed.
        if (isApiError(e) && e.status === 400 && /code/i.test(message)) {
          setCode('')
          setStep('code')
        }
        setError(message)
      }
    })

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>
    if (step === 'email') void sendCode(false)
    else if (step === 'code') {
      const digits = (form.code ?? '').replace(/[\s-]/g, '')
      if (!/^\d{6}$/.test(digits)) return setError('Enter the 6-digit code from the e-mail.')
      setCode(digits)
      go('password')
    } else if (form.password !== form.confirm) setError('The two passwords do not match.')
    else void finish(form.password)
  }

  return (
    <div ref={heading} className="contents">
      <AuthLayout
        title={TITLES[step]}
        footer={
          <button type="button" onClick={onCancel} className={linkClass}>
            Back to log in
          </button>
        }
      >
        <form className="space-y-6" onSubmit={onSubmit} noValidate={step !== 'email'}>
          {error ? <Alert>{error}</Alert> : notice && <Alert tone="info">{notice}</Alert>}
          {step === 'email' && (
            <>
              <p className="text-sm text-muted">Enter the e-mail address of your account. We will send you a code to choose a new password.</p>
              <TextField
                label="Email address"
                name="email"
                type="email"
                autoComplete="username"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
              <Button type="submit" className="w-full" pending={pending} pendingLabel="Sending…">
                Send code
              </Button>
            </>
          )}
          {step === 'code' && (
            <>
              <p className="text-sm text-muted">
                If an account uses <span className="break-all font-medium text-fg">{email}</span>, we sent it a 6-digit code. It works for 15 minutes. Check
                your spam folder if it does not arrive.
              </p>
              <TextField
                label="Code"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9 ]*"
                maxLength={12}
                required
                defaultValue={code}
                className="[&_input]:font-mono [&_input]:tracking-widest"
              />
              <Button type="submit" className="w-full">
                Continue
              </Button>
              <div className="flex flex-wrap justify-between gap-2 text-sm">
                <button type="button" className={linkClass} onClick={() => void sendCode(true)} disabled={pending}>
                  Send a new code
                </button>
                <button type="button" className={linkClass} onClick={() => go('email')}>
                  Use another e-mail
                </button>
              </div>
            </>
          )}
          {step === 'password' && <NewPasswordFields pending={pending} onBack={() => go('code')} />}
        </form>
      </AuthLayout>
    </div>
  )
}

function NewPasswordFields({ pending, onBack }: { pending: boolean; onBack: () => void }) {
  const ruleId = useId()
  return (
    <>
      <div>
        <TextField label="New password" name="password" type="password" autoComplete="new-password" required aria-describedby={ruleId} />
        <p id={ruleId} className="mt-2 text-sm text-muted">
          At least 8 characters. Not a common password or your e-mail address.
        </p>
      </div>
      <TextField label="Repeat the new password" name="confirm" type="password" autoComplete="new-password" required />
      <Button type="submit" className="w-full" pending={pending} pendingLabel="Saving…">
        Save password and log in
      </Button>
      <button type="button" className={`${linkClass} text-sm`} onClick={onBack}>
        Back to the code
      </button>
    </>
  )
}
