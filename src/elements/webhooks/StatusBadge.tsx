import type { AttemptStatus } from '../../api/webhooks'

const LOOK: Record<AttemptStatus, [string, string]> = {
  succeeded: ['Succeeded', 'text-success'],
  failed: ['Failed', 'text-danger'],
  pending: ['Pending', 'text-muted'],
}

/** A delivery's outcome in words (colour only repeats them), with the receiver's HTTP code when it answered. */
export function StatusBadge({ status, code }: { status: AttemptStatus; code?: number | null }) {
  const [text, colour] = LOOK[status]
  return (
    <span className="whitespace-nowrap">
      <span className={`font-semibold ${colour}`}>{text}</span>
      {code != null && <span className="font-mono text-xs text-muted"> {code}</span>}
    </span>
  )
}
