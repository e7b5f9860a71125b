/**
 * A project's key calls (server/resources/api-keys/), each given the
 * session's caller. The metadata calls (rename, expiry, roll): a server
 * without them answers 404, and the widget does not offer them when the
 * project came without `keys`.
 */
import type { KeyFields } from '../../contract/requests'
import { parseKeyMap } from './parse-project'
import type { ManageCall } from './request'
import type { KeyMap } from './types'

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
