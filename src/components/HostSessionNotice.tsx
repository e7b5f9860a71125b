import { useElement } from '../context/element'
import { useFlexStore } from '../hooks/useFlexStore'
import { hostSignIn } from '../store/host-session'
import { FailedPanel, PendingPanel } from './StatusPanel'

export const HOST_SIGN_IN_FAILED = 'We could not sign you in.'
export const HOST_SIGNED_OUT = 'You are signed out.'

/**
 * What an element signed in by its host shows while nobody is signed in:
 * never a log-in form, since its user has no password here. The host's own
 * page is where they signed in, so a failure offers only "Try again".
 */
export function HostSessionNotice() {
  const { host, apiBase, hostSession } = useElement()
  const state = useFlexStore((s) => s.hostSignIn)
  if (state === 'failed') return <FailedPanel title={HOST_SIGN_IN_FAILED} onRetry={() => hostSession && void hostSignIn(apiBase, hostSession, host)} />
  if (state === 'signed-out') return <PendingPanel spinner={false}>{HOST_SIGNED_OUT}</PendingPanel>
  return <PendingPanel>Signing you in…</PendingPanel>
}
