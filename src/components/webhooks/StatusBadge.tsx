import type { AttemptStatus } from '../../api/webhooks'
import { useT } from '../../i18n'
import { webhooks } from '../../i18n/en/webhooks'

const COLOUR: Record<AttemptStatus, string> = { succeeded: 'text-success', failed: 'text-danger', pending: 'text-muted' }

/** A delivery's outcome in words (colour only repeats them), with the receiver's HTTP code when it answered. */
export function StatusBadge({ status, code }: { status: AttemptStatus; code?: number | null }) {
  const t = useT(webhooks)
  const text = status === 'succeeded' ? t('webhooks.status.succeeded') : status === 'failed' ? t('webhooks.status.failed') : t('webhooks.status.pending')
  return (
    <span className="whitespace-nowrap">
      <span className={`font-semibold ${COLOUR[status]}`}>{text}</span>
      {code != null && <span className="font-mono text-xs text-muted"> {code}</span>}
    </span>
  )
}
