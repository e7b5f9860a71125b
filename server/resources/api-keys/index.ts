/**
 * What other resources may use of the API keys: a project gets its first key,
 * lists its keys and deletes them with itself, verification looks a key up by its hash and records its
 * use, a member's removal ends the keys they saw; the app mounts the key routes. Anything else here is the key routes' own.
 */
export { apiKeyRoutes } from './routes'
export { deleteProjectKeys, findKeyByHash, insertKey, listKeys, touchKey, type VerifiedKey } from './data'
export { endKeys, keysSeenBy, type SeenKey } from './seen'
