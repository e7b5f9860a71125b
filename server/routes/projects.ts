import { Hono } from 'hono'
import { rollKey, updateKey, type KeyChange } from '../data/api-keys'
import { createKey, createProject, deleteKey, getProject, listProjects, type KeyOptions } from '../data/projects'
import { requireToken, type AuthEnv } from '../http/auth'
import { conflict, notFound } from '../http/errors'
import { throttle } from '../http/throttle'
import { projectBucket } from '../security/rate-limit'
import { futureDate, integer, readJsonObject, readOptionalJsonObject, text, type JsonObject } from '../http/validate'
import type { RouteDeps } from './context'

// One text for a project that is missing and one that is someone else's:
// ids must not be probe-able.
export const PROJECT_NOT_FOUND = 'Project not found.'
export const KEY_NOT_FOUND = 'API key not found.'
export const KEY_EXPIRED = 'This API key has expired. It can be renamed or deleted, not brought back: create a new one.'
/** The longest grace period of a roll: 7 days. */
export const MAX_GRACE_SECONDS = 7 * 24 * 60 * 60

/** `{ name?, expiresAt? }` of key creation and edits, checked. */
function keyFields(body: JsonObject, now: number): KeyOptions & KeyChange {
  return {
    name: body.name === undefined ? undefined : text(body, 'name', { label: 'Key name', required: true, max: 60 }),
    expiresAt: futureDate(body, 'expiresAt', 'Key expiry', now),
  }
}

/** The /manage/dapp calls: access token required; every query is scoped to its owner. */
export function projectRoutes({ db, config, clock, keys }: RouteDeps) {
  const keyFailure = (reason: 'project-not-found' | 'key-not-found' | 'expired') => {
    if (reason === 'project-not-found') return notFound(PROJECT_NOT_FOUND)
    if (reason === 'key-not-found') return notFound(KEY_NOT_FOUND)
    return conflict(KEY_EXPIRED)
  }
  return (
    new Hono<AuthEnv>()
      .use('/manage/*', requireToken(db, 'access'))
      .post('/manage/dapp', async (c) => {
        // Creating is the expensive call (each project is listed on every dashboard load): its own budget, before the body.
        await throttle(db, [{ key: projectBucket(c.var.userId), limit: config.rateLimit.projectsPerUser }], config.rateLimit.windowSeconds)
        const body = await readJsonObject(c)
        const name = text(body, 'name', { label: 'Project name', required: true, max: 120 })
        // The portal sends an empty description as undefined.
        const description = text(body, 'description', { label: 'Project description', max: 2000 })
        const project = await createProject(db, c.var.userId, name, description, config.projectLimit)
        if (!project) {
          throw conflict(`You already have ${config.projectLimit} projects, the most an account can have.`)
        }
        return c.json(project, 201)
      })
      // Before /manage/dapp/:id, which would otherwise take "owner" for an id.
      .get('/manage/dapp/owner', async (c) => c.json(await listProjects(db, c.var.userId)))
      .get('/manage/dapp/:id', async (c) => {
        const project = await getProject(db, c.var.userId, c.req.param('id'))
        if (!project) throw notFound(PROJECT_NOT_FOUND)
        return c.json({ ...project, keyLimit: config.keyLimit })
      })
      .post('/manage/dapp/:id/api-key', async (c) => {
        // The spec's call has no body; a name and an expiry may come along.
        const now = clock()
        const opts = keyFields(await readOptionalJsonObject(c), now)
        const result = await createKey(db, c.var.userId, c.req.param('id'), config.keyLimit, opts, new Date(now))
        if (result.ok) return c.json(result.apiKey, 201)
        if (result.reason === 'not-found') throw notFound(PROJECT_NOT_FOUND)
        throw conflict(`This project already has ${config.keyLimit} API keys, the most it can have. Delete one to create another.`)
      })
      .delete('/manage/dapp/:id/api-key/:keyId', async (c) => {
        const keyId = c.req.param('keyId')
        const result = await deleteKey(db, c.var.userId, c.req.param('id'), keyId)
        if (result === 'project-not-found') throw notFound(PROJECT_NOT_FOUND)
        if (result === 'key-not-found') throw notFound(KEY_NOT_FOUND)
        keys.forget(keyId)
        return c.json({ deleted: keyId })
      })
      .patch('/manage/dapp/:id/api-key/:keyId', async (c) => {
        const now = clock()
        const change = keyFields(await readJsonObject(c), now)
        const keyId = c.req.param('keyId')
        const result = await updateKey(db, c.var.userId, c.req.param('id'), keyId, change, new Date(now))
        if (!result.ok) throw keyFailure(result.reason)
        keys.forget(keyId)
        return c.json(result.value)
      })
      .post('/manage/dapp/:id/api-key/:keyId/roll', async (c) => {
        const graceSeconds = integer(await readJsonObject(c), 'graceSeconds', { label: 'Grace period (graceSeconds)', min: 0, max: MAX_GRACE_SECONDS })
        const now = clock()
        const keyId = c.req.param('keyId')
        const result = await rollKey(db, c.var.userId, c.req.param('id'), keyId, new Date(now + graceSeconds * 1000), new Date(now))
        if (!result.ok) throw keyFailure(result.reason)
        keys.forget(keyId)
        return c.json(result.value, 201)
      })
  )
}
