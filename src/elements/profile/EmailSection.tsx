import type { Profile } from '../../api/accounts'
import { useCapability } from '../../hooks/useCapability'
import { useT } from '../../i18n'
import { profile as texts } from '../../i18n/en/profile'
import { Section } from './Section'
import type { ManageCall } from '../../api/request'
import { VerifyCodeForm } from '../../components/account/VerifyCodeForm'
import { useFocusKeeper } from '../../components/focus/useFocusKeeper'

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

/** The address, whether it is verified, and for an unverified one the field for the code mailed at sign-up. */
export function EmailSection({ call, profile, onVerified }: { call: ManageCall; profile: Profile; onVerified: () => void }) {
  // Without mail no code can come: the badge still says the address is unverified.
  const canMail = useCapability('mail')
  const t = useT(texts)
  const isHost = profile.signIn === 'host'
  // Verified, the form goes with its field and button: focus goes to the address and its new badge, not the page's start.
  const keeper = useFocusKeeper<HTMLDivElement>()
  return (
    <Section title={t('profile.email.heading')} intro={isHost ? t('profile.email.fromHost') : undefined}>
      <div {...keeper}>
        <div className="flex flex-wrap items-center gap-3">
          <span dir="auto" className="min-w-0 break-all text-sm font-medium text-fg">
            {profile.email || '—'}
          </span>
          {!isHost && <Badge verified={profile.emailVerified} />}
        </div>
        {!isHost && !profile.emailVerified && canMail && (
          <div className="mt-4 space-y-4">
            <p className="text-sm text-muted">{t('profile.email.why')}</p>
            <VerifyCodeForm call={call} userId={profile.id} onVerified={onVerified} />
          </div>
        )}
      </div>
    </Section>
  )
}
