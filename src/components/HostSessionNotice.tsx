import { useElement } from '../context/element'
import { useFlexStore } from '../hooks/useFlexStore'
import { hostSignIn } from '../store/host-session'
import { FailedPanel, PendingPanel } from './StatusPanel'
import { useT } from '../i18n'
import { host as texts } from '../i18n/en/host'

/**
 * What an element signed in by its host shows while nobody is signed in:
 * never a log-in form, since its user has no password here. The host's own
 * page is where they signed in, so a failure offers only "Try again".
 */
export function HostSessionNotice() {
  const { host, apiBase, hostSession } = useElement()
  const state = useFlexStore((s) => s.hostSignIn)
  const t = useT(texts)
  if (state === 'failed') return <FailedPanel title={t('host.failed')} onRetry={() => hostSession && void hostSignIn(apiBase, hostSession, host)} />
  if (state === 'signed-out') return <PendingPanel spinner={false}>{t('host.signedOut')}</PendingPanel>
  return <PendingPanel>{t('host.signingIn')}</PendingPanel>
}
