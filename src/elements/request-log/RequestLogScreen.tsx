import { useId } from 'react'
import { Heading } from '../../components/Heading'
import { RequestLog } from '../../components/request-logs/RequestLog'
import { useRequestLog } from '../../components/request-logs/useRequestLog'
import { PendingPanel } from '../../components/StatusPanel'
import { SignedOutNotice } from '../../components/SignedOutNotice'
import { useElement } from '../../context/element'
import { useCapability } from '../../hooks/useCapability'
import { useFlexStore } from '../../hooks/useFlexStore'
import { useManageApi } from '../../hooks/useManageApi'
import { useT } from '../../i18n'
import { requests } from '../../i18n/en/requests'

/** Rows shown when `limit` is missing or not a number from 1 to 100. */
export const DEFAULT_LIMIT = 10

const limitOf = (value?: string) => {
  const n = Number(value) // as Number reads it: spaces around it ignored, empty and missing not a number
  return Number.isInteger(n) && n >= 1 && n <= 100 ? n : DEFAULT_LIMIT
}

function Log({ projectId, keyId, limit }: { projectId: string; keyId?: string; limit: number }) {
  const t = useT(requests)
  const headingId = useId()
  // Only the newest `limit` are shown: no more are kept.
  const log = useRequestLog(projectId, { key: keyId }, limit, limit)
  return (
    <section aria-labelledby={headingId} className="rounded-flex border border-border bg-surface p-4 font-flex">
      <Heading id={headingId} className="text-base font-semibold text-fg">
        {t('requests.screen.heading')}
      </Heading>
      <RequestLog log={log} projectId={projectId} keyId={keyId} last={limit} />
    </section>
  )
}

/** <flex-request-log>: the signed-in developer's last calls, for a docs page: `project-id`'s, else the page's snippets' project. */
export function RequestLogScreen({ projectId, keyId, limit }: { projectId?: string; keyId?: string; limit?: string }) {
  const t = useT(requests)
  const { signedIn } = useManageApi()
  const { apiBase } = useElement()
  const offered = useCapability('request-logs')
  // Until the server has said what it offers, say nothing about request logs.
  const asked = useFlexStore((s) => Boolean(s.capabilities[apiBase]))
  // Without project-id: the project every <flex-snippet> on the page shows (picked, opened or created last, else the newest).
  const shown = useFlexStore((s) => s.snippetPick?.projectId ?? s.snippetProjects?.reduce((a, b) => (a.createDate >= b.createDate ? a : b)).id)
  const id = projectId?.trim() || shown || ''
  const key = keyId?.trim() || undefined
  if (!signedIn) return <SignedOutNotice />
  if (!id) return <PendingPanel spinner={false}>{t('requests.screen.noProject')}</PendingPanel>
  if (!offered) return <PendingPanel spinner={!asked}>{asked ? t('requests.screen.notOffered') : t('requests.screen.loading')}</PendingPanel>
  // key: another project or key starts from a clean log.
  return <Log key={`${id} ${key}`} projectId={id} keyId={key} limit={limitOf(limit)} />
}
