import { PendingPanel } from '../../components/StatusPanel'
import { SignedOutNotice } from '../../components/SignedOutNotice'
import { useElement } from '../../context/element'
import { useCapability } from '../../hooks/useCapability'
import { useFlexStore } from '../../hooks/useFlexStore'
import { useManageApi } from '../../hooks/useManageApi'
import { useT } from '../../i18n'
import { webhooks } from '../../i18n/en/webhooks'
import { WebhooksSection } from '../../components/webhooks/WebhooksSection'

/** <flex-webhooks>: one project's webhooks on a page of the host's own. */
export function WebhooksScreen({ projectId }: { projectId?: string }) {
  const t = useT(webhooks)
  const { signedIn, session } = useManageApi()
  const { apiBase } = useElement()
  const offered = useCapability('webhooks')
  // Until the server has said what it offers, say nothing about webhooks.
  const asked = useFlexStore((s) => Boolean(s.capabilities[apiBase]))
  const id = projectId?.trim() ?? ''
  if (!signedIn) return <SignedOutNotice />
  if (!id) return <PendingPanel spinner={false}>{t('webhooks.screen.noProject')}</PendingPanel>
  if (!offered) return <PendingPanel spinner={!asked}>{asked ? t('webhooks.screen.notOffered') : t('webhooks.screen.loading')}</PendingPanel>
  // key: another project, or another user's session (the host's next user, with no sign-out between), starts from a
  // clean state: no stale dialogs or data, nor the previous user's new secret, shown once.
  return <WebhooksSection key={id + session} projectId={id} depth={0} />
}
