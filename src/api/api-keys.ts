/**
 * The key restriction calls (servers that name the `key-restrictions`
 * feature): the provider's scope catalog, and creating or changing a key with
 * its mode, scopes and address allowlist. The shapes are the contract's
 * (type-only); the catalog's answer is checked as every answer is.
 */
import type { KeyChanges, KeyCreate, ScopeEntry } from '../../contract/keys'
import { SCOPE_ACCESS } from '../../contract/constants'
import type { ManageApi } from '../hooks/useManageApi'
import { bad, isObject, text } from './parse'
import { parseKeyMap } from './parse-project'
import { request } from './request'
import type { KeyMap } from './types'

export type { KeyChanges, KeyCreate, ScopeEntry }

type Run = ManageApi['run']
const path = (projectId: string) => `/manage/dapp/${encodeURIComponent(projectId)}`

/** The catalog's entries a widget can show: a name, a group and a known access level (a description may be empty). */
export function parseScopes(x: unknown): ScopeEntry[] {
  const list = isObject(x) ? x.scopes : undefined
  if (!Array.isArray(list)) throw bad('unreadable')
  return list
    .filter((s): s is Record<string, unknown> => isObject(s) && Boolean(text(s.name)) && (SCOPE_ACCESS as readonly unknown[]).includes(s.access))
    .map((s) => ({ name: text(s.name), description: text(s.description), group: text(s.group) || text(s.name), access: s.access as ScopeEntry['access'] }))
}

/** The provider's scopes, in its catalog's order (empty: the server has none). */
export const getScopes = (run: Run, base: string, projectId: string, signal?: AbortSignal): Promise<ScopeEntry[]> =>
  run(async (token) => parseScopes(await request({ base, method: 'GET', path: `${path(projectId)}/scopes`, token, signal })))

/** A new key with its name, mode, scopes and allowlist; answers the new pair, as the spec's create does. */
export const createKeyWith = (run: Run, base: string, projectId: string, body: KeyCreate): Promise<KeyMap> =>
  run(async (token) => parseKeyMap(await request({ base, method: 'POST', path: `${path(projectId)}/api-key`, token, body })))

/** Changes a key's name, expiry, scopes or allowlist (what is left out stays); its mode is fixed. */
export const changeKey = (run: Run, base: string, projectId: string, keyId: string, body: KeyChanges): Promise<void> =>
  run(async (token) => {
    await request({ base, method: 'PATCH', path: `${path(projectId)}/api-key/${encodeURIComponent(keyId)}`, token, body })
  })
