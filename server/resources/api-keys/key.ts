import { randomId, sha256 } from '../../security/random'

/** What new keys start with, before the `_`, unless API_KEY_PREFIX says otherwise (server/config/). */
export const DEFAULT_API_KEY_PREFIX = 'fxk'

export interface NewApiKey {
  /** The API project ID: public, names the key. */
  id: string
  /** The whole key: in the create response only. */
  key: string
  hash: string
  /** What the key starts with, before the `_`: stored, so its masked form keeps it. */
  prefix: string
  last4: string
}

/** A key of 256 random bits with a readable prefix, and the id that names it. */
export function newApiKey(prefix = DEFAULT_API_KEY_PREFIX): NewApiKey {
  const key = randomId(`${prefix}_`, 32)
  return { id: randomId('apid_', 12), key, hash: sha256(key), prefix, last4: key.slice(-4) }
}

/** A test key's prefix: `fxk_test` (so its text reads fxk_test_…). A sign for people only: the verification's `mode` is what a provider trusts. */
export const testPrefix = (prefix = DEFAULT_API_KEY_PREFIX): string => `${prefix}_test`

/** What `GET /manage/dapp/{id}` shows: enough to tell keys apart, useless to an attacker. */
export const maskApiKey = (prefix: string, last4: string): string => `${prefix}_…${last4}`
