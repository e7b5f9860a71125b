import { randomId, sha256 } from '../../security/random'

export const API_KEY_PREFIX = 'fxk_'

export interface NewApiKey {
  /** The API project ID: public, names the key. */
  id: string
  /** The whole key: in the create response only. */
  key: string
  hash: string
  last4: string
}

/** A key of 256 random bits with a readable prefix, and the id that names it. */
export function newApiKey(): NewApiKey {
  const key = randomId(API_KEY_PREFIX, 32)
  return { id: randomId('apid_', 12), key, hash: sha256(key), last4: key.slice(-4) }
}

/** What `GET /manage/dapp/{id}` shows: enough to tell keys apart, useless to an attacker. */
export const maskApiKey = (last4: string): string => `${API_KEY_PREFIX}…${last4}`
