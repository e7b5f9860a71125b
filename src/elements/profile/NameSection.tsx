import { useState, type FormEvent } from 'react'
import { errorMessage } from '../../api/errors'
import type { Profile } from '../../api/account-calls'
import { Alert } from '../../components/Alert'
import { Button } from '../../components/Button'
import { TextField } from '../../components/TextField'
import { useSingleFlight } from '../../hooks/useSingleFlight'
import { store } from '../../store'
import { Saved, Section } from './Section'
import type { AccountApi } from './useAccountApi'

/** The display name, with Save. The user menu shows the new name at once. */
export function NameSection({ api, profile, onChange }: { api: AccountApi; profile: Profile; onChange: (p: Profile) => void }) {
  const { pending, run } = useSingleFlight()
  const [error, setError] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const name = String(new FormData(event.currentTarget).get('name') ?? '')
    void run(async () => {
      setError(null)
      setSaved(false)
      try {
        const next = await api.rename(name)
        onChange(next)
        const data = store.getState().accessData
        const user = data?.user
        if (data && user && typeof user === 'object') store.getState().signIn({ ...data, user: { ...user, name: next.name } })
        setSaved(true)
      } catch (e) {
        setError(errorMessage(e))
      }
    })
  }
  return (
    <Section title="Profile" intro="How you appear in the portal.">
      <form className="space-y-4" onSubmit={submit}>
        {error && <Alert>{error}</Alert>}
        <TextField label="Name" name="name" defaultValue={profile.name} maxLength={120} required autoComplete="name" />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" pending={pending} pendingLabel="Saving…">
            Save name
          </Button>
          {saved && <Saved>Saved.</Saved>}
        </div>
      </form>
    </Section>
  )
}
