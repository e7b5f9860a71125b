import { Badge } from './Badge'
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
    <Badge tone={active ? 'success' : 'neutral'} title={status}>
      {text}
    </Badge>
  )
}
