/**
 * What other resources may use of the API keys: a project gets its first key,
 * lists its keys and deletes them with itself, verification looks a key up by its hash and records its
 * use. Anything else here is the key routes' own.
 */
export { deleteProjectKeys, findKeyByHash, insertKey, listKeys, touchKey, type VerifiedKey } from './data'
