import type { ReactNode } from 'react'
import type { KeyInfo, Project } from '../../../api/types'
import { formatCount, sum } from './usage-data'
import { keysVersion, useUsage } from './useUsage'

/** The keys table's "Requests (30 d)" column heading; "30 d" never breaks apart. */
export const REQUESTS_COLUMN = 'Requests (30\u00a0d)'

/** One key's verifications over the last 30 days, valid and refused together. */
function RequestsCell({ projectId, version, keyId }: { projectId: string; version: string; keyId: string }) {
  const usage = useUsage(projectId, version)
  if (!usage.data) {
    return usage.error !== undefined ? <span title="Usage could not be loaded.">—</span> : <span className="text-muted">…</span>
  }
  const key = usage.data.keys.find((k) => k.keyId === keyId)
  const valid = key ? sum(key.valid) : 0
  const refused = key ? sum(key.invalid) : 0
  return <span title={`${formatCount(valid)} valid, ${formatCount(refused)} refused`}>{formatCount(valid + refused)}</span>
}

/** The cell for each key of the project's table (shown when the server counts usage: KeysTable asks). */
export function requestsCell(project: Project): (key: KeyInfo) => ReactNode {
  const version = keysVersion(project.keys)
  return (key) => <RequestsCell projectId={project.id} version={version} keyId={key.id} />
}
