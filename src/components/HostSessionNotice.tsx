import { useElement } from '../context/element'
import { useFlexStore } from '../hooks/useFlexStore'
import { hostSignIn } from '../store/host-session'
import { FailedPanel, PendingPanel } from './StatusPanel'
import { useT } from '../i18n'
import { host as texts } from '../i18n/en/host'
import { common } from '../i18n/en/common'

/**
 * What an element signed in by its host shows while nobody is signed in:
 * never a log-in form, since its user has no password here. The host's own
 * page is where they signed in, so a failure offers only "Try again". Before
 * the page has loaded, an element not given its source yet is just loading.
 */
export function HostSessionNotice() {
  const { host, apiBase, hostSession } = useElement()
  const state = useFlexStore((s) => s.hostSignIn)
  const t = useT(texts)
  const tc = useT(common)
  if (!hostSession) return <PendingPanel>{tc('common.loading')}</PendingPanel>
  if (state === 'failed') return <FailedPanel title={t('host.failed')} onRetry={() => hostSession && void hostSignIn(apiBase, hostSession, host)} />
  // 'done' with nobody signed in: the session ended elsewhere (another tab, the host's own sign-out).
  if (state === 'signed-out' || state === 'done') return <PendingPanel spinner={false}>{t('host.signedOut')}</PendingPanel>
  return <PendingPanel>{t('host.signingIn')}</PendingPanel>
}
