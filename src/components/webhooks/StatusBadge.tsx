import type { AttemptStatus } from '../../api/webhooks'
import { Badge, type BadgeTone } from '../Badge'
import { useT } from '../../i18n'
import { webhooks } from '../../i18n/en/webhooks'

const TONE: Record<AttemptStatus, BadgeTone> = { succeeded: 'success', failed: 'danger', pending: 'neutral' }

/** A delivery's outcome in words (colour only repeats them), with the receiver's HTTP code when it answered. */
export function StatusBadge({ status, code }: { status: AttemptStatus; code?: number | null }) {
  const t = useT(webhooks)
  const text = status === 'succeeded' ? t('webhooks.status.succeeded') : status === 'failed' ? t('webhooks.status.failed') : t('webhooks.status.pending')
  return (
    <span className="whitespace-nowrap">
      <Badge tone={TONE[status]}>{text}</Badge>
      {code != null && <span className="font-mono text-xs text-muted"> {code}</span>}
    </span>
  )
}
