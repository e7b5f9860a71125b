import { useT } from '../i18n'
import { projects } from '../i18n/en/projects'

/**
 * A project's status as a small coloured badge: green for ACTIVE, in the
 * reader's language; anything else the server sends is shown as sent (only
 * the case eased, so it does not shout), neutral. The value as sent stays in the title.
 */
export function StatusBadge({ status }: { status: string }) {
  const t = useT(projects)
  const active = status.toUpperCase() === 'ACTIVE'
  const text = active ? t('projects.status.active') : status ? status.charAt(0).toUpperCase() + status.slice(1).toLowerCase() : '—'
  return (
    <span
      dir="auto"
      title={status}
      className={`inline-flex max-w-full items-center gap-2 whitespace-nowrap rounded-full px-2 py-0.5 align-middle text-xs font-medium ${active ? 'bg-success-bg text-success' : 'bg-raised text-fg'}`}
    >
      <span aria-hidden="true" className={`h-2 w-2 shrink-0 rounded-full ${active ? 'bg-success' : 'bg-muted'}`} />
      <span className="truncate">{text}</span>
    </span>
  )
}
