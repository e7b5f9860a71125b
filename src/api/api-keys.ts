/**
 * A project's key calls (server/resources/api-keys/), each given the
 * session's caller. The metadata calls (rename, expiry, roll): a server
 * without them answers 404, and the widget does not offer them when the
 * project came without `keys`. The restriction calls (servers that name the
 * `key-restrictions` feature): the provider's scope catalog, and creating or
 * changing a key with its mode, scopes and address allowlist. The shapes are
 * the contract's (type-only); the catalog's answer is checked as every answer is.
 */
import type { KeyChanges, KeyCreate, ScopeEntry } from '../../contract/keys'
import { SCOPE_ACCESS } from '../../contract/constants'
import type { KeyFields } from '../../contract/requests'
import { bad, isObject, text } from './parse'
import { parseKeyMap } from './parse-project'
import type { ManageCall } from './request'
import type { KeyMap } from './types'

export type { KeyChanges, KeyCreate, ScopeEntry }

const seg = encodeURIComponent
const keys = (id: string) => `/manage/dapp/${seg(id)}/api-key`

export async function createKey(call: ManageCall, id: string): Promise<KeyMap> {
  return parseKeyMap(await call({ method: 'POST', path: keys(id) }))
}

export async function deleteKey(call: ManageCall, id: string, keyId: string): Promise<void> {
  await call({ method: 'DELETE', path: `${keys(id)}/${seg(keyId)}` })
}

/** Renames a key and/or changes its expiry (`null`: none). */
export async function updateKey(call: ManageCall, id: string, keyId: string, body: KeyFields): Promise<void> {
  await call({ method: 'PATCH', path: `${keys(id)}/${seg(keyId)}`, body })
}

/** A new key for an old one, which keeps working for `graceSeconds`. */
export async function rollKey(call: ManageCall, id: string, keyId: string, graceSeconds: number): Promise<KeyMap> {
  return parseKeyMap(await call({ method: 'POST', path: `${keys(id)}/${seg(keyId)}/roll`, body: { graceSeconds } }))
}

/** The catalog's entries a widget can show: a name, a group and a known access level (a description may be empty). */
export function parseScopes(x: unknown): ScopeEntry[] {
  const list = isObject(x) ? x.scopes : undefined
  if (!Array.isArray(list)) throw bad('unreadable')
  return list
    .filter((s): s is Record<string, unknown> => isObject(s) && Boolean(text(s.name)) && (SCOPE_ACCESS as readonly unknown[]).includes(s.access))
    .map((s) => ({ name: text(s.name), description: text(s.description), group: text(s.group) || text(s.name), access: s.access as ScopeEntry['access'] }))
}

/** The provider's scopes, in its catalog's order (empty: the server has none). */
export async function getScopes(call: ManageCall, id: string, signal?: AbortSignal): Promise<ScopeEntry[]> {
  return parseScopes(await call({ method: 'GET', path: `/manage/dapp/${seg(id)}/scopes`, signal }))
}

/** A new key with its name, mode, scopes and allowlist; answers the new pair, as the spec's create does. */
export async function createKeyWith(call: ManageCall, id: string, body: KeyCreate): Promise<KeyMap> {
  return parseKeyMap(await call({ method: 'POST', path: keys(id), body }))
}

/** Changes a key's name, expiry, scopes or allowlist (what is left out stays); its mode is fixed. */
export async function changeKey(call: ManageCall, id: string, keyId: string, body: KeyChanges): Promise<void> {
  await call({ method: 'PATCH', path: `${keys(id)}/${seg(keyId)}`, body })
}
