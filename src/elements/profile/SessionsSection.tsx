import { logoutEverywhere } from '../../api/accounts'
import { useRef, useState } from 'react'
import { Button } from '../../components/Button'
import { FormDialog } from '../../components/form-dialog/FormDialog'
import { useElement } from '../../context/element'
import { useT } from '../../i18n'
import { profile as texts } from '../../i18n/en/profile'
import { useNavigation } from '../../router/navigation'
import { signOut } from '../../store/session'
import { Section } from './Section'
import type { ManageCall } from '../../api/request'

/**
 * "Sign out everywhere": every session of the account ends on the server, this one included. It cannot be
 * undone and signs this tab out too, so it asks first and says what it does; a failure shows in the dialog.
 */
export function SessionsSection({ call }: { call: ManageCall }) {
  const t = useT(texts)
  const { host, apiBase } = useElement()
  const { navigate } = useNavigation()
  const [asking, setAsking] = useState(false)
  const opener = useRef<HTMLButtonElement>(null)
  const signOutEverywhere = async () => {
    await logoutEverywhere(call)
    signOut(host, apiBase, 'everywhere')
    navigate('/')
  }
  return (
    <Section title={t('profile.sessions.heading')} intro={t('profile.sessions.intro')}>
      <Button ref={opener} variant="secondary" onClick={() => setAsking(true)}>
        {t('profile.sessions.submit')}
      </Button>
      {asking && (
        <FormDialog
          title={t('profile.sessions.confirm.title')}
          submitLabel={t('profile.sessions.submit')}
          pendingLabel={t('profile.sessions.pending')}
          danger
          returnFocus={opener}
          onClose={() => setAsking(false)}
          onSubmit={signOutEverywhere}
        >
          <p>{t('profile.sessions.confirm.body')}</p>
        </FormDialog>
      )}
    </Section>
  )
}
