import { useCallback } from 'react'
import { getDeparture } from '../../api/departure'
import type { ManageCall } from '../../api/request'
import { Alert } from '../../components/Alert'
import { Spinner } from '../../components/Button'
import { useAsync } from '../../hooks/useAsync'
import { useT } from '../../i18n'
import { profile as texts } from '../../i18n/en/profile'

/**
 * What deleting the account does to each of its projects (servers with
 * teams), asked when the confirmation opens: which pass to an admin, which are
 * deleted with their keys, which it leaves. The deletion itself does the same,
 * whether or not this answer came.
 */
export function DeletionPreview({ call }: { call: ManageCall }) {
  const t = useT(texts)
  const load = useCallback((signal: AbortSignal) => getDeparture(call, signal), [call])
  const { data, error, reload } = useAsync(load)
  if (error !== undefined) return <Alert onRetry={reload}>{t('profile.departure.failed')}</Alert>
  if (!data) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted">
        <Spinner />
        {t('profile.departure.loading')}
      </p>
    )
  }
  const lines = [
    ...data.handedOver.map((p) => t('profile.departure.handedOver', { project: p.name, to: p.to })),
    ...data.deleted.map((p) => t('profile.departure.deleted', { project: p.name })),
    ...data.left.map((p) => t('profile.departure.left', { project: p.name })),
  ]
  return lines.length === 0 ? null : (
    // Bullets drawn as text: the sheet has no list padding that follows the reading direction.
    <ul className="space-y-1 text-sm text-fg">
      {lines.map((line, i) => (
        <li key={i} className="flex gap-2">
          <span aria-hidden="true">•</span>
          <span dir="auto" className="min-w-0 break-words">
            {line}
          </span>
        </li>
      ))}
    </ul>
  )
}
