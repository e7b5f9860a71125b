import { useCallback } from 'react'
import { useElement } from '../../../context/element'
import { useAsync } from '../../../hooks/useAsync'
import { useManageApi } from '../../../hooks/useManageApi'
import { getUsage } from '../../../api/usage'
import type { KeyMode } from '../../../../contract/constants'
import { singleFlight } from '../../../single-flight'
import { USAGE_DAYS, type UsageData } from './usage-data'

// One request for the Usage section and every "Requests (30 d)" cell of the
// page; kept, so the cells of a re-rendered table do not ask again.
const flights = new Map<string, Promise<UsageData>>()

/**
 * The project's usage over the last 30 days, of its live or test keys alone
 * when `mode` says. `version` changes when the project is loaded again (the
 * page opened again, a key created or deleted), which asks again.
 */
export function useUsage(projectId: string, version: number, mode: KeyMode | '' = '') {
  const { apiBase } = useElement()
  const { call, signedIn } = useManageApi()
  const current = `${apiBase}\n${projectId}\n${version}\n`
  const key = current + mode
  const load = useCallback(() => {
    // An older key list's answers go; this one's, of every mode, stay for the section and the cells.
    for (const k of flights.keys()) if (!k.startsWith(current) && k.startsWith(`${apiBase}\n${projectId}\n`)) flights.delete(k)
    return singleFlight(flights, key, () => getUsage(call, projectId, USAGE_DAYS, mode), true)
  }, [call, apiBase, current, key, projectId, mode])
  const state = useAsync(signedIn ? load : null)
  const { reload } = state
  const retry = useCallback(() => {
    flights.delete(key)
    reload()
  }, [key, reload])
  return { ...state, retry }
}

// Each load of the project (the page opened again, a key created or deleted) is a version of its own: kept by the
// ids of its keys alone, the answer stood for the page's whole life, and a call made meanwhile never showed.
const loads = new WeakMap<object, number>()
let lastLoad = 0

/** The hook's version: one per load of the project, which the section and every cell of it share. */
export const keysVersion = (project: object): number => loads.get(project) ?? (loads.set(project, ++lastLoad), lastLoad)
