/**
 * A project's key calls (server/resources/api-keys/), each given the
 * session's caller. The metadata calls (rename, expiry, roll): a server
 * without them answers 404, and the widget does not offer them when the
 * project came without `keys`. The restriction calls (servers that name the
 * `key-restrictions` feature): the provider's scope catalog, and a key's mode,
 * scopes and address allowlist in the create and update bodies. The shapes are
 * the contract's (type-only); the catalog's answer is checked as every answer is.
 */
import type { KeyChanges, KeyCreate, ScopeEntry } from '../../contract/keys'
import { bad, isObject, raw, text } from './parse'
import { parseKeyMap } from './parse-project'
import type { ManageCall } from './request'
import type { KeyMap } from './types'

export type { KeyChanges, KeyCreate, ScopeEntry }

const seg = encodeURIComponent
const keys = (id: string) => `/manage/dapp/${seg(id)}/api-key`

/** A new key (on a server with key restrictions, with its name, mode, scopes and allowlist); answers the new pair. */
export async function createKey(call: ManageCall, id: string, body?: KeyCreate): Promise<KeyMap> {
  return parseKeyMap(await call({ method: 'POST', path: keys(id), body }))
}

export async function deleteKey(call: ManageCall, id: string, keyId: string): Promise<void> {
  await call({ method: 'DELETE', path: `${keys(id)}/${seg(keyId)}` })
}

/** Renames a key and/or changes its expiry (`null`: none), scopes or allowlist (what is left out stays; its mode is fixed). */
export async function updateKey(call: ManageCall, id: string, keyId: string, body: KeyChanges): Promise<void> {
  await call({ method: 'PATCH', path: `${keys(id)}/${seg(keyId)}`, body })
}

/** A new key for an old one, which keeps working for `graceSeconds`. */
export async function rollKey(call: ManageCall, id: string, keyId: string, graceSeconds: number): Promise<KeyMap> {
  return parseKeyMap(await call({ method: 'POST', path: `${keys(id)}/${seg(keyId)}/roll`, body: { graceSeconds } }))
}

/** The catalog's entries a widget can show: a name, a group and an access level (any but read is a write; a description may be empty). */
export function parseScopes(x: unknown): ScopeEntry[] {
  const list = isObject(x) && x.scopes
  if (!Array.isArray(list)) throw bad('error.unreadable')
  return list
    .filter((s) => isObject(s) && raw(s.name))
    .map((s) => ({
      name: raw(s.name),
      description: text(s.description),
      group: text(s.group) || text(s.name),
      access: s.access === 'read' ? 'read' : 'write',
    }))
}

/** The provider's scopes, in its catalog's order (empty: the server has none). */
export async function getScopes(call: ManageCall, id: string, signal?: AbortSignal): Promise<ScopeEntry[]> {
  return parseScopes(await call({ method: 'GET', path: `/manage/dapp/${seg(id)}/scopes`, signal }))
}
