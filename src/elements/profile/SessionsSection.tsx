import { logoutEverywhere } from '../../api/accounts'
import { useState } from 'react'
import { errorMessage } from '../../error-text'
import { Alert } from '../../components/Alert'
import { Button } from '../../components/Button'
import { useElement } from '../../context/element'
import { useSingleFlight } from '../../hooks/useSingleFlight'
import { useT } from '../../i18n'
import { profile as texts } from '../../i18n/en/profile'
import { useNavigation } from '../../router/navigation'
import { signOut } from '../../store/session'
import { Section } from './Section'
import type { ManageCall } from '../../api/request'

/** "Sign out everywhere": every session of the account ends on the server, this one included. */
export function SessionsSection({ call }: { call: ManageCall }) {
  const t = useT(texts)
  const { host, apiBase } = useElement()
  const { navigate } = useNavigation()
  const { pending, run } = useSingleFlight()
  const [error, setError] = useState<string | null>(null)
  const signOutEverywhere = () =>
    run(async () => {
      setError(null)
      try {
        await logoutEverywhere(call)
        signOut(host, apiBase, 'everywhere')
        navigate('/')
      } catch (e) {
        setError(errorMessage(e))
      }
    })
  return (
    <Section title={t('profile.sessions.heading')} intro={t('profile.sessions.intro')}>
      {error && <Alert className="mb-4">{error}</Alert>}
      <Button variant="secondary" onClick={() => void signOutEverywhere()} pending={pending} pendingLabel={t('profile.sessions.pending')}>
        {t('profile.sessions.submit')}
      </Button>
    </Section>
  )
}
