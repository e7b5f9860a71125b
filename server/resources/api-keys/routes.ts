import { KeyChanges, KeyCreate, type ScopeCatalog } from '../../../contract/keys'
import { Roll } from '../../../contract/requests'
import type { AuthEnv } from '../../http/auth'
import { parseBody, readBody } from '../../http/body'
import { readJsonObject, readOptionalJsonObject } from '../../http/validate'
import { badRequest, conflict, notFound } from '../../http/errors'
import type { RouteDeps } from '../../http/route-deps'
import { ContractApp } from '../../openapi/contract-app'
import { withRoles } from '../../openapi/roles'
import { authorize, PROJECT_NOT_FOUND } from '../../security/authorization'
import { createKeyRoute, deleteKeyRoute, keyScopesRoute, rollKeyRoute, updateKeyRoute } from './operations'
import { createKey, deleteKey, rollKey, updateKey, type BroadRule, type KeyOptions, type Missing } from './data'
import { changedRestrictions, isBroad, newKeyRestrictions } from './restrictions'

export const KEY_NOT_FOUND = 'API key not found.'
export const KEY_EXPIRED = 'This API key has expired. It can be renamed or deleted, not brought back: create a new one.'
export const KEY_ROLLED = 'This API key has already been rolled: roll its replacement instead.'
export const KEY_ROLLED_EXPIRY = 'This API key has been rolled: its expiry can only be moved earlier.'
export const keyLimitForRoll = (limit: number) =>
  `This project already has ${limit} API keys, the most it can have, so the old key cannot keep working beside its replacement. Roll it with no grace period (it stops at once), or delete another key first.`

/** A missing or foreign project answers as one (ids must not be probe-able); a missing key in the caller's project says so. */
const missing = (reason: Missing) => notFound(reason === 'key-not-found' ? KEY_NOT_FOUND : PROJECT_NOT_FOUND)

/** The answer to an edit or roll the key's state forbids; `rolled` words what a rolled-away key cannot do. */
function refused(reason: Missing | 'expired' | 'rolled' | 'limit', rolled: string, limit: number) {
  if (reason === 'expired') return conflict(KEY_EXPIRED)
  if (reason === 'rolled') return conflict(rolled)
  if (reason === 'limit') return conflict(keyLimitForRoll(limit))
  return missing(reason)
}

/** `{ name?, expiresAt? }` of key creation and edits (checked by the KeyFields schema), with an expiry ahead of the server's clock, which tests move. */
function keyFields(fields: KeyOptions, now: number): KeyOptions {
  if (fields.expiresAt && fields.expiresAt.getTime() <= now) throw badRequest('Key expiry must be in the future.')
  return fields
}

/**
 * The /manage/dapp/{id}/api-key calls, behind the access-token guard that
 * app.ts puts on /manage; each asks what the caller's role allows (data.ts).
 */
export function apiKeyRoutes({ db, config, clock }: RouteDeps) {
  const catalog = config.keyScopes
  const broad: BroadRule = (r) => isBroad(r, catalog)
  // Answered as is to every member: the catalog is the server's, the same for every project.
  const scopes: ScopeCatalog = { scopes: catalog ?? [] }
  return new ContractApp<AuthEnv>()
    .operation(withRoles('keys.write', createKeyRoute), async (c) => {
      // The spec's call has no body; a name, an expiry and restrictions may come along.
      const now = clock()
      const body = await readOptionalJsonObject(c)
      const restrictions = newKeyRestrictions(body, catalog)
      const opts = keyFields(parseBody(KeyCreate, body), now)
      const project = c.req.param('id')
      const result = await createKey(db, c.var.userId, project, config.keyLimit, { ...opts, prefix: config.apiKeyPrefix, restrictions }, new Date(now), broad)
      if (result.ok) return c.json(result.apiKey, 201)
      if (result.reason === 'project-not-found') throw missing(result.reason)
      throw conflict(`This project already has ${config.keyLimit} API keys, the most it can have. Delete one to create another.`)
    })
    .operation(withRoles('keys.write', deleteKeyRoute), async (c) => {
      const keyId = c.req.param('keyId')
      const result = await deleteKey(db, c.var.userId, c.req.param('id'), keyId)
      if (result !== 'deleted') throw missing(result)
      return c.json({ deleted: keyId })
    })
    .operation(withRoles('keys.write', updateKeyRoute), async (c) => {
      const now = clock()
      const body = await readJsonObject(c)
      const restrictions = changedRestrictions(body, catalog)
      const change = keyFields(parseBody(KeyChanges, body), now)
      const keyId = c.req.param('keyId')
      const result = await updateKey(db, c.var.userId, c.req.param('id'), keyId, { ...change, ...restrictions }, new Date(now), broad)
      if (!result.ok) throw refused(result.reason, KEY_ROLLED_EXPIRY, config.keyLimit)
      return c.json(result.value)
    })
    .operation(withRoles('keys.write', rollKeyRoute), async (c) => {
      const { graceSeconds } = await readBody(c, Roll)
      const now = clock()
      const keyId = c.req.param('keyId')
      const result = await rollKey(
        db,
        c.var.userId,
        c.req.param('id'),
        keyId,
        config.keyLimit,
        new Date(now + graceSeconds * 1000),
        new Date(now),
        config.apiKeyPrefix,
        broad,
      )
      if (!result.ok) throw refused(result.reason, KEY_ROLLED, config.keyLimit)
      return c.json(result.value, 201)
    })
    .operation(withRoles('project.read', keyScopesRoute), async (c) => {
      await authorize(db, c.var.userId, c.req.param('id'), 'project.read')
      return c.json(scopes)
    })
}
