import { useCallback } from 'react'
import { bad, isObject, text } from '../../api/parse'
import { request } from '../../api/request'
import { Alert } from '../../components/Alert'
import { Spinner } from '../../components/Button'
import { useElement } from '../../context/element'
import { useAsync } from '../../hooks/useAsync'
import { useT } from '../../i18n'
import { profile as texts } from '../../i18n/en/profile'

interface Gone {
  name: string
  /** A handed-over project's new owner. */
  to: string
}
export interface Departure {
  handedOver: Gone[]
  deleted: Gone[]
  left: Gone[]
}

const projects = (x: unknown): Gone[] =>
  (Array.isArray(x) ? x : []).filter(isObject).map((p) => ({ name: text(p.name) || text(p.projectId), to: isObject(p.to) ? text(p.to.name) : '' }))

/** GET /me/deletion's answer, checked: a broken or hostile server gives a clear error, never a crash. */
export function parseDeparture(x: unknown): Departure {
  if (!isObject(x)) throw bad('unreadable')
  return { handedOver: projects(x.handedOver), deleted: projects(x.deleted), left: projects(x.left) }
}

/**
 * What deleting the account does to each of its projects (servers with
 * teams), asked when the confirmation opens: which pass to an admin, which are
 * deleted with their keys, which it leaves. The deletion itself does the same,
 * whether or not this answer came.
 */
export function DeletionPreview({ token }: { token: string | null }) {
  const t = useT(texts)
  const { apiBase } = useElement()
  const load = useCallback(
    (signal: AbortSignal) => request({ base: apiBase, method: 'GET', path: '/me/deletion', token: token ?? undefined, signal }).then(parseDeparture),
    [apiBase, token],
  )
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
