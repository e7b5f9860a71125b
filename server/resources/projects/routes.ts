import { KeyFields, NewProject, Roll } from '../../../contract/requests'
import { ContractApp } from '../../openapi/contract-app'
import { readBody, readOptionalBody } from '../../http/body'
import { createKeyRoute, createProjectRoute, deleteKeyRoute, getProjectRoute, listProjectsRoute, rollKeyRoute, updateKeyRoute } from './contract'
import { rollKey, updateKey } from '../api-keys/data'
import { createKey, createProject, deleteKey, getProject, listProjects } from './data'
import { requireToken, type AuthEnv } from '../../http/auth'
import { badRequest, conflict, notFound } from '../../http/errors'
import { throttle } from '../../http/throttle'
import { projectBucket } from '../../security/rate-limit'
import type { RouteDeps } from '../../http/route-deps'

// One text for a project that is missing and one that is someone else's:
// ids must not be probe-able.
export const PROJECT_NOT_FOUND = 'Project not found.'
export const KEY_NOT_FOUND = 'API key not found.'
export const KEY_EXPIRED = 'This API key has expired. It can be renamed or deleted, not brought back: create a new one.'
/** `{ name?, expiresAt? }` of key creation and edits (checked by the KeyFields schema), with an expiry ahead of the server's clock, which tests move. */
function keyFields(fields: { name?: string; expiresAt?: Date | null }, now: number) {
  if (fields.expiresAt && fields.expiresAt.getTime() <= now) throw badRequest('Key expiry must be in the future.')
  return fields
}

/** The /manage/dapp calls: access token required; every query is scoped to its owner. */
export function projectRoutes({ db, config, clock, keys }: RouteDeps) {
  // Editing or rolling a key that is not there answers exactly as a missing
  // project does: one 404 whether the project, the key or the owner is wrong.
  const keyFailure = (reason: 'project-not-found' | 'key-not-found' | 'expired') => {
    if (reason !== 'expired') return notFound(PROJECT_NOT_FOUND)
    return conflict(KEY_EXPIRED)
  }
  const app = new ContractApp<AuthEnv>()
  app.use('/manage/*', requireToken(db, 'access'))
  return (
    app
      .operation(createProjectRoute, async (c) => {
        // Creating is the expensive call (each project is listed on every dashboard load): its own budget, before the body.
        await throttle(db, [{ key: projectBucket(c.var.userId), limit: config.rateLimit.projectsPerUser }], config.rateLimit.windowSeconds)
        const { name, description } = await readBody(c, NewProject)
        const project = await createProject(db, c.var.userId, name, description, config.projectLimit)
        if (!project) {
          throw conflict(`You already have ${config.projectLimit} projects, the most an account can have.`)
        }
        return c.json(project, 201)
      })
      // Before /manage/dapp/:id, which would otherwise take "owner" for an id.
      .operation(listProjectsRoute, async (c) => c.json(await listProjects(db, c.var.userId)))
      .operation(getProjectRoute, async (c) => {
        const project = await getProject(db, c.var.userId, c.req.param('id'))
        if (!project) throw notFound(PROJECT_NOT_FOUND)
        return c.json({ ...project, keyLimit: config.keyLimit })
      })
      .operation(createKeyRoute, async (c) => {
        // The spec's call has no body; a name and an expiry may come along.
        const now = clock()
        const opts = keyFields(await readOptionalBody(c, KeyFields), now)
        const result = await createKey(db, c.var.userId, c.req.param('id'), config.keyLimit, opts, new Date(now))
        if (result.ok) return c.json(result.apiKey, 201)
        if (result.reason === 'not-found') throw notFound(PROJECT_NOT_FOUND)
        throw conflict(`This project already has ${config.keyLimit} API keys, the most it can have. Delete one to create another.`)
      })
      .operation(deleteKeyRoute, async (c) => {
        const keyId = c.req.param('keyId')
        const result = await deleteKey(db, c.var.userId, c.req.param('id'), keyId)
        if (result === 'project-not-found') throw notFound(PROJECT_NOT_FOUND)
        if (result === 'key-not-found') throw notFound(KEY_NOT_FOUND)
        keys.forget(keyId)
        return c.json({ deleted: keyId })
      })
      .operation(updateKeyRoute, async (c) => {
        const now = clock()
        const change = keyFields(await readBody(c, KeyFields), now)
        const keyId = c.req.param('keyId')
        const result = await updateKey(db, c.var.userId, c.req.param('id'), keyId, change, new Date(now))
        if (!result.ok) throw keyFailure(result.reason)
        keys.forget(keyId)
        return c.json(result.value)
      })
      .operation(rollKeyRoute, async (c) => {
        const { graceSeconds } = await readBody(c, Roll)
        const now = clock()
        const keyId = c.req.param('keyId')
        const result = await rollKey(db, c.var.userId, c.req.param('id'), keyId, new Date(now + graceSeconds * 1000), new Date(now))
        if (!result.ok) throw keyFailure(result.reason)
        keys.forget(keyId)
        return c.json(result.value, 201)
      })
  )
}
