import { useCallback } from 'react'
import { useElement } from '../../../context/element'
import { useAsync } from '../../../hooks/useAsync'
import { useManageApi } from '../../../hooks/useManageApi'
import { getUsage } from '../../../api/usage'
import { singleFlight } from '../../../single-flight'
import { USAGE_DAYS, type UsageData } from './usage-data'

// One request for the Usage section and every "Requests (30 d)" cell of the
// page; kept, so the cells of a re-rendered table do not ask again.
const flights = new Map<string, Promise<UsageData>>()

/**
 * The project's usage over the last 30 days. `version` changes when the
 * project's keys do (a key created or deleted), which asks again.
 */
export function useUsage(projectId: string, version: string) {
  const { apiBase } = useElement()
  const { call, signedIn } = useManageApi()
  const key = `${apiBase}\n${projectId}\n${version}`
  const load = useCallback(() => {
    for (const k of flights.keys()) if (k !== key && k.startsWith(`${apiBase}\n${projectId}\n`)) flights.delete(k)
    return singleFlight(flights, key, () => getUsage(call, projectId, USAGE_DAYS), true)
  }, [call, apiBase, key, projectId])
  const state = useAsync(signedIn ? load : null)
  const { reload } = state
  const retry = useCallback(() => {
    flights.delete(key)
    reload()
  }, [key, reload])
  return { ...state, retry }
}

/** What the hook's version is made of: the ids of the project's keys. */
export const keysVersion = (keys: ReadonlyArray<{ id: string }> | undefined) => (keys ?? []).map((k) => k.id).join(',')
