import { Hono } from 'hono'
import { createKey, createProject, deleteKey, getProject, listProjects } from '../data/projects'
import { requireToken, type AuthEnv } from '../http/auth'
import { conflict, notFound } from '../http/errors'
import { throttle } from '../http/throttle'
import { projectBucket } from '../security/rate-limit'
import { readJsonObject, text } from '../http/validate'
import type { RouteDeps } from './context'

// One text for a project that is missing and one that is someone else's:
// ids must not be probe-able.
export const PROJECT_NOT_FOUND = 'Project not found.'
export const KEY_NOT_FOUND = 'API key not found.'

/** The /manage/dapp calls: access token required; every query is scoped to its owner. */
export function projectRoutes({ db, config }: RouteDeps) {
  return (
    new Hono<AuthEnv>()
      .use('/manage/*', requireToken(db, 'access'))
      .post('/manage/dapp', async (c) => {
        // Creating is the expensive call (each project is listed on every dashboard load): its own budget, before the body.
        await throttle(db, [{ key: projectBucket(c.var.userId), limit: config.rateLimit.projectsPerUser }], config.rateLimit.windowSeconds)
        const body = await readJsonObject(c)
        const name = text(body, 'name', { label: 'Project name', required: true, max: 120 })
        // The portal sends an empty description as undefined (spec §5).
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
        return c.json(project)
      })
      .post('/manage/dapp/:id/api-key', async (c) => {
        const result = await createKey(db, c.var.userId, c.req.param('id'), config.keyLimit)
        if (result.ok) return c.json(result.apiKey, 201)
        if (result.reason === 'not-found') throw notFound(PROJECT_NOT_FOUND)
        throw conflict(`This project already has ${config.keyLimit} API keys, the most it can have. Delete one to create another.`)
      })
      .delete('/manage/dapp/:id/api-key/:keyId', async (c) => {
        const keyId = c.req.param('keyId')
        const result = await deleteKey(db, c.var.userId, c.req.param('id'), keyId)
        if (result === 'project-not-found') throw notFound(PROJECT_NOT_FOUND)
        if (result === 'key-not-found') throw notFound(KEY_NOT_FOUND)
        return c.json({ deleted: keyId })
      })
  )
}
