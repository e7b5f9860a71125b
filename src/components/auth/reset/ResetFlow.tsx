import { useEffect, useRef, useState, type FormEvent } from 'react'
import { forgotPassword, resetPassword } from '../../../api/accounts'
import { at } from '../../../api/request'
import { isApiError, type ApiError } from '../../../api/errors'
import { useElement } from '../../../context/element'
import { emit } from '../../../events'
import { useSingleFlight } from '../../../hooks/useSingleFlight'
import { useNavigation } from '../../../router/navigation'
import { focusFirstHeading } from '../../../router/focus-heading'
import { store, userOf } from '../../../store/index'
import { withDeviceToken } from '../../../store/session'
import { CODE_DIGITS, isCodeShaped } from '../../../constants'
import { Alert } from '../../Alert'
import { Button } from '../../Button'
import { TextField } from '../../TextField'
import { AuthLayout } from '../AuthLayout'
import { NewPasswordField } from '../NewPasswordField'
import { useT, type Translate } from '../../../i18n'
import { reset } from '../../../i18n/en/reset'
import { useErrorText } from '../../../hooks/useErrorText'
import { FOCUS_RING } from '../../focus-ring'

type Step = 'email' | 'code' | 'password'

const TITLES = {
  email: 'reset.email.heading',
  code: 'reset.code.heading',
  password: 'reset.password.heading',
} as const satisfies Record<Step, keyof typeof reset>

// Splits a message around a parameter, so the parameter can be set in its own element.
const MARK = '\u0000'

const refused = (e: unknown) => isApiError(e) && e.status === 400

/** The field each of the form's own complaints is about. */
const OWN_FIELD: Partial<Record<keyof typeof reset, string>> = { 'reset.code.invalid': 'code', 'reset.password.mismatch': 'confirm' }

const linkClass = `rounded-flex font-semibold text-accent hover:text-accent-hover hover:underline ${FOCUS_RING}`

/**
 * 'Forgot your password?' inside the element: the e-mail, the code from the
 * mail (with "Send a new code"), a new password under the password rule;
 * then the reader is signed in and goes to the dashboard. The server checks
 * the code only with the new password, so a refused code brings the reader
 * back to the code step with the server's message.
 */
export function ResetFlow({ onCancel, initialEmail = '' }: { onCancel: (email: string) => void; initialEmail?: string }) {
  const { apiBase, host } = useElement()
  const { navigate } = useNavigation()
  const { pending, run } = useSingleFlight()
  const [step, setStep] = useState<Step>('email')
  const [email, setEmail] = useState(initialEmail)
  const [code, setCode] = useState('')
  const [minutes, setMinutes] = useState<number>()
  // A failed call, or the form's own complaint (an id of this screen's texts).
  const [error, setError] = useState<{ thrown: unknown; field?: string } | keyof typeof reset | null>(null)
  const [notice, setNotice] = useState(false)
  const t = useT(reset)
  const errorText = useErrorText()
  const heading = useRef<HTMLDivElement>(null)

  // Each step is a new screen to a screen reader: focus goes to its heading.
  useEffect(() => {
    focusFirstHeading(heading.current)
  }, [step])

  const go = (next: Step) => {
    setError(null)
    setStep(next)
  }

  const sendCode = (again: boolean) =>
    run(async () => {
      setError(null)
      setNotice(false)
      try {
        setMinutes(await withDeviceToken(apiBase, (device) => forgotPassword(at(apiBase), device, email)))
        if (again) setNotice(true)
        else go('code')
      } catch (e) {
        setError({ thrown: e })
      }
    })

  const finish = (password: string) =>
    run(async () => {
      setError(null)
      try {
        const accessData = await withDeviceToken(apiBase, (device) => resetPassword(at(apiBase), device, { email, code, password }))
        store.getState().signIn(accessData)
        const userId = userOf(accessData)
        emit(host, 'flex-password-reset', { userId: typeof userId === 'string' ? userId : '' })
        emit(host, 'flex-signed-in', {})
        navigate('/dashboard')
      } catch (e) {
        // The code was refused (wrong, used, burned or expired): back to where it is typed.
        const aboutCode = refused(e) && !!(e as ApiError).code?.startsWith('CODE_')
        if (aboutCode) {
          setCode('')
          setStep('code')
        }
        // Else a refusal is about the new password (the rule it broke).
        setError({ thrown: e, field: aboutCode ? 'code' : refused(e) ? 'password' : undefined })
      }
    })

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>
    if (step === 'email') void sendCode(false)
    else if (step === 'code') {
      const digits = (form.code ?? '').replace(/[\s-]/g, '')
      if (!isCodeShaped(digits)) return setError('reset.code.invalid')
      setCode(digits)
      go('password')
    } else if (form.password !== form.confirm) setError('reset.password.mismatch')
    else void finish(form.password)
  }

  // A message about a field shows under it; the banner says the rest.
  const message = error
    ? { text: typeof error === 'string' ? t(error) : errorText(error.thrown), field: typeof error === 'string' ? OWN_FIELD[error] : error.field }
    : null

  const fieldError = (field: string) => (message?.field === field ? message.text : undefined)

  const [before, after] = t('reset.code.intro', minutes ? { email: MARK, minutes } : { email: MARK }).split(MARK)
  return (
    <div ref={heading} className="contents">
      <AuthLayout
        title={t(TITLES[step])}
        footer={
          <button type="button" onClick={() => onCancel(email)} className={linkClass}>
            {t('reset.backToLogin')}
          </button>
        }
      >
        <form className="space-y-6" onSubmit={onSubmit} noValidate={step !== 'email'}>
          {message ? !message.field && <Alert>{message.text}</Alert> : notice && <Alert tone="info">{t('reset.code.resent')}</Alert>}
          {step === 'email' && (
            <>
              <p className="text-sm text-muted">{t('reset.email.intro')}</p>
              <TextField
                label={t('reset.email.label')}
                name="email"
                type="email"
                autoComplete="username"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
              <Button type="submit" className="w-full" pending={pending} pendingLabel={t('reset.email.pending')}>
                {t('reset.email.submit')}
              </Button>
            </>
          )}
          {step === 'code' && (
            <>
              <p className="text-sm text-muted">
                {before}
                <span className="inline-block break-all font-medium text-fg">{email}</span>
                {after}
              </p>
              <TextField
                label={t('reset.code.label')}
                error={fieldError('code')}
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9 ]*"
                maxLength={CODE_DIGITS + 6}
                required
                defaultValue={code}
                className="[&_input]:font-mono [&_input]:tracking-widest"
              />
              <Button type="submit" className="w-full">
                {t('reset.code.submit')}
              </Button>
              <div className="flex flex-wrap justify-between gap-2 text-sm">
                <button type="button" className={linkClass} onClick={() => void sendCode(true)} disabled={pending}>
                  {t('reset.code.resend')}
                </button>
                <button type="button" className={linkClass} onClick={() => go('email')}>
                  {t('reset.code.otherEmail')}
                </button>
              </div>
            </>
          )}
          {step === 'password' && <NewPasswordFields t={t} pending={pending} onBack={() => go('code')} error={fieldError} />}
        </form>
      </AuthLayout>
    </div>
  )
}

function NewPasswordFields({
  t,
  pending,
  onBack,
  error,
}: {
  t: Translate<typeof reset>
  pending: boolean
  onBack: () => void
  error: (field: string) => string | undefined
}) {
  return (
    <>
      <NewPasswordField label={t('reset.password.label')} rule={t('reset.password.rule')} error={error('password')} />
      <TextField label={t('reset.password.repeat')} name="confirm" type="password" autoComplete="new-password" required error={error('confirm')} />
      <Button type="submit" className="w-full" pending={pending} pendingLabel={t('reset.password.pending')}>
        {t('reset.password.submit')}
      </Button>
      <button type="button" className={`${linkClass} text-sm`} onClick={onBack}>
        {t('reset.password.back')}
      </button>
    </>
  )
}
