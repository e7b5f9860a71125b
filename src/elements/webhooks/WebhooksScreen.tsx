import { PendingPanel } from '../../components/StatusPanel'
import { SignedOutNotice } from '../../components/SignedOutNotice'
import { useElement } from '../../context/element'
import { useCapability } from '../../hooks/useCapability'
import { useFlexStore } from '../../hooks/useFlexStore'
import { useManageApi } from '../../hooks/useManageApi'
import { WebhooksSection } from './WebhooksSection'

export const NO_PROJECT = 'Choose a project to see its webhooks.'
export const NOT_OFFERED = 'This server does not send webhooks.'

/** <flex-webhooks>: one project's webhooks on a page of the host's own. */
export function WebhooksScreen({ projectId }: { projectId?: string }) {
  const { signedIn } = useManageApi()
  const { apiBase } = useElement()
  const offered = useCapability('webhooks')
  // Until the server has said what it offers, say nothing about webhooks.
  const asked = useFlexStore((s) => Boolean(s.capabilities[apiBase]))
  const id = projectId?.trim() ?? ''
  if (!signedIn) return <SignedOutNotice />
  if (!id) return <PendingPanel spinner={false}>{NO_PROJECT}</PendingPanel>
  if (!offered) return <PendingPanel spinner={!asked}>{asked ? NOT_OFFERED : 'Loading…'}</PendingPanel>
  // key: another project starts from a clean state (no stale dialogs or data).
  return <WebhooksSection key={id} projectId={id} />
}
