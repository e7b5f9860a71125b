import type { ReactNode } from 'react'
import type { KeyInfo, Project } from '../../../api/types'
import { useLang, useT } from '../../../i18n'
import { usage as texts } from '../../../i18n/en/usage'
import { formatCount, sum } from './usage-data'
import { keysVersion, useUsage } from './useUsage'

/** One key's verifications over the last 30 days, valid and refused together. */
function RequestsCell({ projectId, version, keyId }: { projectId: string; version: number; keyId: string }) {
  const usage = useUsage(projectId, version)
  const t = useT(texts)
  const lang = useLang()
  if (!usage.data) {
    return usage.error !== undefined ? <span title={t('usage.loadFailed')}>—</span> : <span className="text-muted">…</span>
  }
  const key = usage.data.keys.find((k) => k.keyId === keyId)
  const valid = key ? sum(key.valid) : 0
  const refused = key ? sum(key.invalid) : 0
  return <span title={t('usage.counts', { valid: formatCount(valid, lang), refused: formatCount(refused, lang) })}>{formatCount(valid + refused, lang)}</span>
}

/** The cell for each key of the project's table (shown when the server counts usage: KeysTable asks). */
export function requestsCell(project: Project): (key: KeyInfo) => ReactNode {
  const version = keysVersion(project)
  return (key) => <RequestsCell projectId={project.id} version={version} keyId={key.id} />
}
