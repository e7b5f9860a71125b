import { useCallback, useState } from 'react'
import { getProfile, type Profile } from '../../api/accounts'
import { isApiError } from '../../api/errors'
import { FailedPanel, PendingPanel } from '../../components/StatusPanel'
import { useAsync } from '../../hooks/useAsync'
import { useT } from '../../i18n'
import { profile as texts } from '../../i18n/en/profile'
import { DeleteAccountSection } from './DeleteAccountSection'
import { EmailSection } from './EmailSection'
import { NameSection } from './NameSection'
import { PasswordSection } from './PasswordSection'
import { SessionsSection } from './SessionsSection'
import { useManageApi } from '../../hooks/useManageApi'
import { Heading } from '../../components/Heading'

export type AccountView = 'profile' | 'settings'

/**
 * The account, in two views of <flex-portal>: 'Your Profile' (/profile: name
 * and e-mail) and 'Settings' (/settings: password, sessions, deletion), the
 * two items of the user menu.
 */
export function ProfileScreen({ view = 'profile' }: { view?: AccountView }) {
  const t = useT(texts)
  const { call, signedIn } = useManageApi()
  const load = useCallback((signal: AbortSignal) => getProfile(call, signal), [call])
  const { data, error, loading, reload } = useAsync(signedIn ? load : null)
  const [changed, setChanged] = useState<Profile | null>(null)
  const profile = changed && data && changed.id === data.id ? changed : data

  if (!profile) {
    if (loading || !error) return <PendingPanel>{t('profile.loading')}</PendingPanel>
    const missing = isApiError(error) && error.status === 404
    return <FailedPanel title={missing ? t('profile.missing') : t('profile.loadFailed')} onRetry={reload} />
  }
  return (
    <div className="px-4 py-6 cq-sm:px-6">
      <div className="mx-auto flex max-w-2xl flex-col gap-6">
        <Heading className="text-2xl font-bold text-fg">{view === 'profile' ? t('profile.heading') : t('profile.settings.heading')}</Heading>
        {view === 'profile' ? (
          <>
            <NameSection call={call} profile={profile} onChange={setChanged} />
            <EmailSection call={call} profile={profile} onVerified={() => setChanged({ ...profile, emailVerified: true })} />
          </>
        ) : (
          <>
            <PasswordSection call={call} profile={profile} />
            <SessionsSection call={call} />
            <DeleteAccountSection call={call} profile={profile} />
          </>
        )}
      </div>
    </div>
  )
}
