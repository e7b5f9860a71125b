import { useId, useState, type FormEvent } from 'react'
import { changePassword, type Profile } from '../../api/accounts'
import { Alert } from '../../components/Alert'
import { Button } from '../../components/Button'
import { TextField } from '../../components/TextField'
import { useSingleFlight } from '../../hooks/useSingleFlight'
import { useT } from '../../i18n'
import { profile as texts } from '../../i18n/en/profile'
import { Saved, Section } from './Section'
import { accountError } from '../../components/account/server-texts'
import type { ManageCall } from '../../api/request'
import { useErrorText } from '../../hooks/useErrorText'

/** Change password: the current one, a new one under the rule. Every other session ends; this one stays. */
export function PasswordSection({ call, profile }: { call: ManageCall; profile: Profile }) {
  const t = useT(texts)
  const errorText = useErrorText()
  const ruleId = useId()
  const { pending, run } = useSingleFlight()
  const [error, setError] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)
  if (profile.signIn === 'host') {
    return (
      <Section title={t('profile.password.heading')}>
        <p className="text-sm text-muted">{t('profile.password.host')}</p>
      </Section>
    )
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const formEl = event.currentTarget
    const form = Object.fromEntries(new FormData(formEl)) as Record<string, string>
    void run(async () => {
      setError(null)
      setSaved(false)
      try {
        await changePassword(call, { currentPassword: form.currentPassword, newPassword: form.newPassword })
        formEl.reset()
        setSaved(true)
      } catch (e) {
        setError(accountError(e, t, errorText))
      }
    })
  }
  return (
    <Section title={t('profile.password.heading')} intro={t('profile.password.intro')}>
      <form className="space-y-4" onSubmit={submit}>
        {error && <Alert>{error}</Alert>}
        <TextField label={t('profile.password.current')} name="currentPassword" type="password" autoComplete="current-password" required />
        <div>
          <TextField label={t('profile.password.new')} name="newPassword" type="password" autoComplete="new-password" required aria-describedby={ruleId} />
          <p id={ruleId} className="mt-2 text-sm text-muted">
            {t('profile.password.rule')}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" pending={pending} pendingLabel={t('profile.saving')}>
            {t('profile.password.submit')}
          </Button>
          {saved && <Saved>{t('profile.password.changed')}</Saved>}
        </div>
      </form>
    </Section>
  )
}
