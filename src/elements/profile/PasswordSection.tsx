import { useId, useState, type FormEvent } from 'react'
import type { Profile } from '../../api/account-calls'
import { errorMessage } from '../../api/errors'
import { Alert } from '../../components/Alert'
import { Button } from '../../components/Button'
import { TextField } from '../../components/TextField'
import { useSingleFlight } from '../../hooks/useSingleFlight'
import { Saved, Section } from './Section'
import type { AccountApi } from './useAccountApi'

/** Change password: the current one, a new one under the rule. Every other session ends; this one stays. */
export function PasswordSection({ api, profile }: { api: AccountApi; profile: Profile }) {
  const ruleId = useId()
  const { pending, run } = useSingleFlight()
  const [error, setError] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)
  if (profile.signIn === 'host') {
    return (
      <Section title="Password">
        <p className="text-sm text-muted">You sign in through the website that brought you here, so there is no password to change.</p>
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
        await api.changePassword({ currentPassword: form.currentPassword, newPassword: form.newPassword })
        formEl.reset()
        setSaved(true)
      } catch (e) {
        setError(errorMessage(e))
      }
    })
  }
  return (
    <Section title="Password" intro="Changing it signs you out on every other device.">
      <form className="space-y-4" onSubmit={submit}>
        {error && <Alert>{error}</Alert>}
        <TextField label="Current password" name="currentPassword" type="password" autoComplete="current-password" required />
        <div>
          <TextField label="New password" name="newPassword" type="password" autoComplete="new-password" required aria-describedby={ruleId} />
          <p id={ruleId} className="mt-2 text-sm text-muted">
            At least 8 characters. Not a common password or your e-mail address.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" pending={pending} pendingLabel="Saving…">
            Change password
          </Button>
          {saved && <Saved>Password changed. Your other devices are signed out.</Saved>}
        </div>
      </form>
    </Section>
  )
}
