import { useState, type FormEvent } from 'react'
import type { Profile } from '../../api/account-calls'
import { Alert } from '../../components/Alert'
import { Button } from '../../components/Button'
import { TextField } from '../../components/TextField'
import { useElement } from '../../context/element'
import { emit } from '../../events'
import { useSingleFlight } from '../../hooks/useSingleFlight'
import { useT } from '../../i18n'
import { profile as texts } from '../../i18n/en/profile'
import { server } from '../../i18n/en/server'
import { Section } from './Section'
import { accountError } from './server-texts'
import type { AccountApi } from './useAccountApi'

function Badge({ verified }: { verified: boolean }) {
  const t = useT(texts)
  return (
    <span
      className={`inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium ${verified ? 'border-success bg-success-bg text-success' : 'border-warning bg-warning-bg text-warning'}`}
    >
      {verified ? t('profile.email.verified') : t('profile.email.unverified')}
    </span>
  )
}

/** The address, whether it is verified, and for an unverified one: Send code, then the code. */
export function EmailSection({ api, profile, onVerified }: { api: AccountApi; profile: Profile; onVerified: () => void }) {
  const t = useT(texts)
  const { host } = useElement()
  const { pending, run } = useSingleFlight()
  const [sent, setSent] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const isHost = profile.signIn === 'host'

  const send = () =>
    run(async () => {
      setError(null)
      try {
        // Without a word from the server: the one it sends, in English as the server would.
        setSent((await api.sendVerification()) ?? server['server.codeSent'])
      } catch (e) {
        setError(accountError(e, t))
      }
    })
  const verify = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const code = String(new FormData(event.currentTarget).get('code') ?? '').replace(/[\s-]/g, '')
    if (!/^\d{6}$/.test(code)) return setError(t('profile.email.code.format'))
    void run(async () => {
      setError(null)
      try {
        await api.verifyEmail(code)
        emit(host, 'flex-email-verified', { userId: profile.id })
        onVerified()
      } catch (e) {
        setError(accountError(e, t))
      }
    })
  }

  return (
    <Section title={t('profile.email.heading')} intro={isHost ? t('profile.email.fromHost') : undefined}>
      <div className="flex flex-wrap items-center gap-3">
        <span dir="auto" className="min-w-0 break-all text-sm font-medium text-fg">
          {profile.email || '—'}
        </span>
        {!isHost && <Badge verified={profile.emailVerified} />}
      </div>
      {!isHost && !profile.emailVerified && (
        <div className="mt-4 space-y-4">
          {error && <Alert>{error}</Alert>}
          {sent ? (
            <form className="space-y-4" onSubmit={verify} noValidate>
              <p role="status" className="text-sm text-muted">
                {sent}
              </p>
              <TextField
                label={t('profile.email.code')}
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={12}
                required
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
          ) : (
            <>
              <p className="text-sm text-muted">{t('profile.email.why')}</p>
              <Button onClick={() => void send()} pending={pending} pendingLabel={t('profile.email.sending')}>
                {t('profile.email.send')}
              </Button>
            </>
          )}
        </div>
      )}
    </Section>
  )
}
