import type { Resource } from '../resource'
import { apiKeyRoutes } from './routes'

/**
 * What other resources may use of the API keys: a project gets its first key,
 * lists its keys and deletes them with itself, verification looks a key up by its hash and records its
 * use, a member's removal ends the keys they saw. Anything else here is the key routes' own.
 */
export { deleteProjectKeys, findKeyByHash, insertKey, listKeys, touchKey, type VerifiedKey } from './data'
export { endKeys, keysSeenBy, type SeenKey } from './seen'

/**
 * A project's keys: create, list, edit, roll and delete. Keys restricted to
 * scopes of the provider's catalog (KEY_SCOPES_FILE), with IP allowlists and
 * test keys, are offered to the widget only with a catalog: without one it
 * shows nothing of them (the server still takes mode and allowedIps).
 */
export const apiKeys: Resource = {
  name: 'api-keys',
  routes: apiKeyRoutes,
  features: (config) => (config.keyScopes ? ['key-restrictions'] : []),
}
