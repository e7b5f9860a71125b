import type { Resource } from '../resource'
import { apiKeyRoutes } from './routes'

/**
 * What other resources may use of the API keys: a project gets its first key,
 * lists its keys and deletes them with itself, verification looks a key up by its hash and records its
 * use, a member's removal ends the keys they saw. Anything else here is the key routes' own.
 */
export { deleteProjectKeys, findKeyByHash, insertKey, listKeys, touchKey, type VerifiedKey } from './data'
export { endKeys, keysSeenBy, type SeenKey } from './seen'

/** A project's keys: create, list, edit, roll and delete. */
export const apiKeys: Resource = { name: 'api-keys', routes: apiKeyRoutes }
