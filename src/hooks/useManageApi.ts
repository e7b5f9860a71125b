import { useMemo } from 'react'
import { createKey, createProject, deleteKey, getProject, getUsage, listProjects, rollKey, updateKey } from '../api/manage-calls'
import { isApiError, ownError } from '../api/errors'
import type { NewProjectInput } from '../api/types'
import { useElement } from '../context/element'
import { store } from '../store'
import { signOut } from '../store/session'
import { renewHostSession } from '../store/host-session'
import { useFlexStore } from './useFlexStore'

/**
 * A 401 on a project call means the access token is no longer good: sign out
 * with the reason, so a log-in screen can say the session expired. Only the
 * first failing call for a token does it (several may be in flight).
 */
function expire(host: HTMLElement, apiBase: string, token: string) {
  if (store.getState().accessData?.accessToken === token) signOut(host, apiBase, 'expired')
}

/**
 * The project calls of the API contract, bound to this element's api-base and the
 * shared session's access token. `signedIn` is false without access data:
 * screens then show a log-in notice instead of calling.
 */
export function useManageApi() {
  const { apiBase, host, hostSession } = useElement()
  const token = useFlexStore((s) => s.accessData?.accessToken ?? null)

  return useMemo(() => {
    async function run<T>(call: (token: string) => Promise<T>): Promise<T> {
      if (!token) throw ownError('http', 'status', 401)
      try {
        return await call(token)
      } catch (e) {
        if (!isApiError(e) || e.status !== 401) throw e
        // A session from the host is renewed once, unseen, and the call retried.
        const renewed = hostSession && (await renewHostSession(apiBase, hostSession, token))
        if (!renewed) {
          expire(host, apiBase, token)
          throw e
        }
        try {
          return await call(renewed)
        } catch (again) {
          if (isApiError(again) && again.status === 401) expire(host, apiBase, renewed)
          throw again
        }
      }
    }
    return {
      signedIn: token !== null,
      listProjects: (signal?: AbortSignal) => run((t) => listProjects(apiBase, t, signal)),
      getProject: (id: string, signal?: AbortSignal) => run((t) => getProject(apiBase, t, id, signal)),
      createProject: (input: NewProjectInput) => run((t) => createProject(apiBase, t, input)),
      createKey: (id: string) => run((t) => createKey(apiBase, t, id)),
      deleteKey: (id: string, keyId: string) => run((t) => deleteKey(apiBase, t, id, keyId)),
      updateKey: (id: string, keyId: string, body: Parameters<typeof updateKey>[4]) => run((t) => updateKey(apiBase, t, id, keyId, body)),
      rollKey: (id: string, keyId: string, graceSeconds: number) => run((t) => rollKey(apiBase, t, id, keyId, graceSeconds)),
      getUsage: (id: string, days: number, signal?: AbortSignal) => run((t) => getUsage(apiBase, t, id, days, signal)),
      /** Any other call with the session's token (and its 401 handling), for calls that live in a screen's own chunk. */
      run,
    }
  }, [apiBase, host, hostSession, token])
}

export type ManageApi = ReturnType<typeof useManageApi>
