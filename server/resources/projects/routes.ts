import { NewProject, ProjectChanges } from '../../../contract/requests'
import type { AuthEnv } from '../../http/auth'
import { readBody } from '../../http/body'
import { conflict } from '../../http/errors'
import type { RouteDeps } from '../../http/route-deps'
import { throttle } from '../../http/throttle'
import { ContractApp } from '../../openapi/contract-app'
import { withRoles } from '../../openapi/roles'
import { projectBucket } from '../../security/rate-limit'
import { createProjectRoute, deleteProjectRoute, getProjectRoute, listProjectsRoute, updateProjectRoute } from './operations'
import { createProject, deleteProject, getProject, updateProject } from './lifecycle'
import { matchesTag, projectLists } from './list-cache'
import { PROJECT_ERRORS } from './errors'

/**
 * The /manage/dapp calls of projects themselves, behind the access-token
 * guard that app.ts puts on /manage; each asks security/authorization.ts what the caller's role allows.
 */

export function projectRoutes({ db, config, caches }: RouteDeps) {
  const lists = projectLists(caches, db)
  return (
    new ContractApp<AuthEnv>()
      .operation(createProjectRoute, async (c) => {
        // Creating is the expensive call (each project is listed on every dashboard load): its own budget, before the body.
        await throttle(db, [{ key: projectBucket(c.var.userId), limit: config.rateLimit.projectsPerUser }], config.rateLimit.windowSeconds)
        const { name, description } = await readBody(c, NewProject)
        const project = await createProject(db, c.var.userId, name, description, config.projectLimit, config.secretEncryptionKey!, config.apiKeyPrefix)
        if (!project) {
          throw conflict(PROJECT_ERRORS.PROJECT_LIMIT_REACHED(config.projectLimit))
        }
        return c.json(project, 201)
      })
      // Before /manage/dapp/:id, which would otherwise take "owner" for an id.
      .operation(listProjectsRoute, async (c) => {
        const { etag, body } = await lists.get(c.var.userId, c.var.addressLimit?.readTurn(c))
        // The list holds no secret: the browser may keep it, provided it asks
        // first (no-cache), and an unchanged one is then a 304 of no bytes.
        const headers = { ETag: etag, 'Cache-Control': 'private, no-cache' }
        if (matchesTag(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers)
        // A long list weighs on its address's and its owner's fair shares by its size (an unchanged one,
        // above, costs one call). The address's is weighed before the list is written: several accounts
        // behind one address, each within its own share, had their first 2 MB lists all written at once
        // (each counted only once written), which slowed everyone else for the first seconds.
        await c.var.addressLimit?.weigh(c, body.byteLength)
        await c.var.userLimit?.charge(c.var.userId, c.var.tokenHash, body.byteLength)
        // Through the context, with the safety headers it already holds: a Response made apart from it
        // lacks them, and adding them afterwards made the adapter stream the body (twice the CPU a call).
        return c.body(body, 200, { ...headers, 'Content-Type': 'application/json' })
      })
      .operation(withRoles('project.read', getProjectRoute), async (c) => {
        const project = await getProject(db, c.var.userId, c.req.param('id'))
        return c.json({ ...project, keyLimit: config.keyLimit })
      })
      .operation(withRoles('project.edit', updateProjectRoute), async (c) => {
        const change = await readBody(c, ProjectChanges)
        const project = await updateProject(db, c.var.userId, c.req.param('id'), change)
        return c.json({ ...project, keyLimit: config.keyLimit }, 200)
      })
      .operation(withRoles('project.delete', deleteProjectRoute), async (c) => {
        await deleteProject(db, c.var.userId, c.req.param('id'))
        return c.body(null, 204)
      })
  )
}
