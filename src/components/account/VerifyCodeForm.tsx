import { useState, type FormEvent } from 'react'
import { Button } from '../Button'
import { TextField } from '../TextField'
import { useElement } from '../../context/element'
import { CODE_DIGITS, isCodeShaped } from '../../constants'
import { emit } from '../../events'
import { useSingleFlight } from '../../hooks/useSingleFlight'
import { useT } from '../../i18n'
import { profile as texts } from '../../i18n/en/profile'
import { codeSent } from '../../i18n/en/server'
import { accountError } from './server-texts'
import { sendVerification, verifyEmail } from '../../api/accounts'
import type { ManageCall } from '../../api/request'
import { useErrorText } from '../../hooks/useErrorText'

/**
 * The code the server mailed (at sign-up, or the latest asked for), typed
 * where the reader is: the reminder's "Verify now" and the profile both show
 * this. The field comes first, for the code already sent; "Send a new code" is
 * the second action, because a new code makes the one in the mailbox useless.
 * What went wrong is said under the field, the form's only one.
 */
export function VerifyCodeForm({
  call,
  userId,
  onVerified,
  autoFocus = false,
}: {
  call: ManageCall
  userId: string
  onVerified: () => void
  /** Opened by a button that then goes (the reminder's "Verify now"): focus moves to the field, not to the page. */
  autoFocus?: boolean
}) {
  const t = useT(texts)
  const errorText = useErrorText()
  const { host } = useElement()
  const { pending, run } = useSingleFlight()
  const [sent, setSent] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)

  const send = () =>
    run(async () => {
      setFailure(null)
      try {
        // Without a word from the server: the one it sends, in English as the server would.
        setSent((await sendVerification(call)) ?? codeSent['server.codeSent'])
      } catch (e) {
        setFailure(accountError(e, t, errorText))
      }
    })
  const verify = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const code = String(new FormData(event.currentTarget).get('code') ?? '').replace(/[\s-]/g, '')
    if (!isCodeShaped(code)) return setFailure(t('profile.email.code.format'))
    void run(async () => {
      setFailure(null)
      try {
        await verifyEmail(call, code)
        emit(host, 'flex-email-verified', { userId })
        onVerified()
      } catch (e) {
        setFailure(accountError(e, t, errorText))
      }
    })
  }

  return (
    <form className="space-y-4" onSubmit={verify} noValidate>
      {sent && (
        <p role="status" className="text-sm text-muted">
          {sent}
        </p>
      )}
      <TextField
        label={t('profile.email.code')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        autoFocus={autoFocus}
        maxLength={CODE_DIGITS + 6}
        required
        error={failure ?? undefined}
        className="max-w-xs [&_input]:font-mono [&_input]:tracking-widest"
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" pending={pending} pendingLabel={t('profile.email.verifying')}>
          {t('profile.email.verify')}
        </Button>
        <Button variant="secondary" onClick={() => void send()} disabled={pending}>
          {t('profile.email.resend')}
        </Button>
      </div>
    </form>
  )
}
