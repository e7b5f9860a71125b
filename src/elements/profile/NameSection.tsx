import { useState, type FormEvent } from 'react'
import { renameAccount, type Profile } from '../../api/accounts'
import { Alert } from '../../components/Alert'
import { Button } from '../../components/Button'
import { TextField } from '../../components/TextField'
import { useSingleFlight } from '../../hooks/useSingleFlight'
import { useT } from '../../i18n'
import { profile as texts } from '../../i18n/en/profile'
import { store } from '../../store'
import { Saved, Section } from './Section'
import { accountError } from '../../components/account/server-texts'
import type { ManageCall } from '../../api/request'
import { useErrorText } from '../../hooks/useErrorText'

/** The display name, with Save. The user menu shows the new name at once. */
export function NameSection({ call, profile, onChange }: { call: ManageCall; profile: Profile; onChange: (p: Profile) => void }) {
  const t = useT(texts)
  const errorText = useErrorText()
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
        const next = await renameAccount(call, name)
        onChange(next)
        const data = store.getState().accessData
        const user = data?.user
        if (data && user && typeof user === 'object') store.getState().signIn({ ...data, user: { ...user, name: next.name } })
        setSaved(true)
      } catch (e) {
        setError(accountError(e, t, errorText))
      }
    })
  }
  return (
    <Section title={t('profile.name.heading')} intro={t('profile.name.intro')}>
      <form className="space-y-4" onSubmit={submit}>
        {error && <Alert>{error}</Alert>}
        <TextField label={t('profile.name.label')} name="name" defaultValue={profile.name} maxLength={120} required autoComplete="name" />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" pending={pending} pendingLabel={t('profile.saving')}>
            {t('profile.name.save')}
          </Button>
          {saved && <Saved>{t('profile.name.saved')}</Saved>}
        </div>
      </form>
    </Section>
  )
}
