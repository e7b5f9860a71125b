import { useId, useState, type FormEvent } from 'react'
import { Alert } from '../../components/Alert'
import { Button } from '../../components/Button'
import { TextField } from '../../components/TextField'
import { useElement } from '../../context/element'
import { emit } from '../../events'
import { useSingleFlight } from '../../hooks/useSingleFlight'
import { useT } from '../../i18n'
import { profile as texts } from '../../i18n/en/profile'
import { server } from '../../i18n/en/server'
import { accountError } from './server-texts'
import type { AccountApi } from './useAccountApi'

type Failure = { text: string; about: 'code' | 'send' }

/**
 * The code the server mailed (at sign-up, or the latest asked for), typed
 * where the reader is: the reminder's "Verify now" and the profile both show
 * this. The field comes first, for the code already sent; "Send a new code" is
 * the second action, because a new code makes the one in the mailbox useless.
 * A refused code is said under the field; a failed send above the form.
 */
export function VerifyCodeForm({
  api,
  userId,
  onVerified,
}: {
  api: Pick<AccountApi, 'sendVerification' | 'verifyEmail'>
  userId: string
  onVerified: () => void
}) {
  const t = useT(texts)
  const { host } = useElement()
  const { pending, run } = useSingleFlight()
  const [sent, setSent] = useState<string | null>(null)
  const [failure, setFailure] = useState<Failure | null>(null)
  const [doing, setDoing] = useState<'send' | 'verify'>('verify')
  const errorId = useId()

  const send = () =>
    run(async () => {
      setDoing('send')
      setFailure(null)
      try {
        // Without a word from the server: the one it sends, in English as the server would.
        setSent((await api.sendVerification()) ?? server['server.codeSent'])
      } catch (e) {
        setFailure({ text: accountError(e, t), about: 'send' })
      }
    })
  const verify = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const code = String(new FormData(event.currentTarget).get('code') ?? '').replace(/[\s-]/g, '')
    if (!/^\d{6}$/.test(code)) return setFailure({ text: t('profile.email.code.format'), about: 'code' })
    void run(async () => {
      setDoing('verify')
      setFailure(null)
      try {
        await api.verifyEmail(code)
        emit(host, 'flex-email-verified', { userId })
        onVerified()
      } catch (e) {
        setFailure({ text: accountError(e, t), about: 'code' })
      }
    })
  }
  const codeFailure = failure?.about === 'code' ? failure.text : null

  return (
    <form className="space-y-4" onSubmit={verify} noValidate>
      {failure?.about === 'send' && <Alert>{failure.text}</Alert>}
      <p role="status" className="text-sm text-muted">
        {sent ?? t('profile.email.codeWaiting')}
      </p>
      <div>
        <TextField
          label={t('profile.email.code')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
          required
          aria-invalid={codeFailure ? true : undefined}
          aria-describedby={codeFailure ? errorId : undefined}
          className="max-w-xs [&_input]:font-mono [&_input]:tracking-widest"
        />
        {codeFailure && (
          <p id={errorId} className="mt-1 text-sm text-danger">
            {codeFailure}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" pending={pending && doing === 'verify'} disabled={pending} pendingLabel={t('profile.email.verifying')}>
          {t('profile.email.verify')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => void send()}
          pending={pending && doing === 'send'}
          disabled={pending}
          pendingLabel={t('profile.email.sending')}
        >
          {t('profile.email.resend')}
        </Button>
      </div>
    </form>
  )
}
