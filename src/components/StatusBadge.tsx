/**
 * A project's status as a small coloured badge: green for ACTIVE, neutral for
 * anything else the server sends. Shown as sent (only the case eased, so
 * "ACTIVE" does not shout), and the value as sent is kept in the title.
 */
export function StatusBadge({ status }: { status: string }) {
  const active = status.toUpperCase() === 'ACTIVE'
  return (
    <span
      dir="auto"
      title={status}
      className={`inline-flex max-w-full items-center gap-2 rounded-full px-2 py-0.5 align-middle text-xs font-medium ${active ? 'bg-success-bg text-success' : 'bg-raised text-fg'}`}
    >
      <span aria-hidden="true" className={`h-2 w-2 shrink-0 rounded-full ${active ? 'bg-success' : 'bg-muted'}`} />
      <span className="truncate">{status ? status.charAt(0).toUpperCase() + status.slice(1).toLowerCase() : '—'}</span>
    </span>
  )
}
