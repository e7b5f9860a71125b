import { createRoute, z } from '@hono/zod-openapi'
import { NewProject, ProjectChanges } from '../../../contract/requests'
import { CreatedProject, Project, ProjectList } from '../../../contract/responses'
import { accessErrors, badBody, jsonContent, NOT_JSON, TOO_LARGE, UNVERIFIED, USER_LIMIT } from '../../openapi/error-responses'
import { THROTTLE } from '../../http/throttle'
import { PROJECT_ERRORS } from './errors'

/** The /manage/dapp calls of projects themselves, behind the user's access token (their keys: api-keys/operations.ts). */

const security = [{ accessToken: [] }]
/** A missing project and another user's answer alike: project ids cannot be probed. */
export const PROJECT_MISSING = { description: 'No such project, or the caller is no member of it (the same answer).', messages: ['Project not found.'] }
const project = z.object({ id: z.string().meta({ description: 'Project ID (prj_…).' }) })

export const createProjectRoute = createRoute({
  method: 'post',
  path: '/manage/dapp',
  tags: ['Projects'],
  operationId: 'createProject',
  summary: 'Create a project with its first API key pair',
  description: 'The only answer that shows the whole API key and the webhook secret.',
  security,
  request: { body: { required: true, content: jsonContent(NewProject) } },
  responses: {
    201: { description: 'Project created.', content: jsonContent(CreatedProject) },
    ...accessErrors({
      400: badBody(NewProject),
      403: UNVERIFIED,
      409: {
        description: 'The account holds the most projects allowed (PROJECT_LIMIT).',
        messages: [PROJECT_ERRORS.PROJECT_LIMIT_REACHED(1000)],
      },
      413: TOO_LARGE,
      415: NOT_JSON,
      429: {
        description: USER_LIMIT.description + ' Creating projects has a limit of its own per window.',
        messages: [...USER_LIMIT.messages, THROTTLE.TOO_MANY_ATTEMPTS(720)],
      },
    }),
  },
})

export const listProjectsRoute = createRoute({
  method: 'get',
  path: '/manage/dapp/owner',
  tags: ['Projects'],
  operationId: 'listProjects',
  summary: "The caller's projects, newest first",
  description: 'Every project the caller owns or is a member of, each with their `role` in it.',
  security,
  request: {
    headers: z.object({
      'if-none-match': z.string().optional().openapi({ description: 'The ETag of a list the caller holds: answered 304 while it is unchanged.' }),
    }),
  },
  responses: {
    200: {
      description: 'Projects. The ETag changes whenever the list does.',
      headers: z.object({ ETag: z.string().openapi({ description: 'The validator of this list.' }) }),
      content: jsonContent(ProjectList),
    },
    304: {
      description: 'The list has not changed since the ETag sent in If-None-Match.',
      headers: z.object({ ETag: z.string().openapi({ description: 'The validator of this list.' }) }),
    },
    ...accessErrors({}),
  },
})

export const getProjectRoute = createRoute({
  method: 'get',
  path: '/manage/dapp/{id}',
  tags: ['Projects'],
  operationId: 'getProject',
  summary: 'One project, its keys masked',
  security,
  request: { params: project },
  responses: { 200: { description: 'The project.', content: jsonContent(Project) }, ...accessErrors({ 404: PROJECT_MISSING }) },
})

export const updateProjectRoute = createRoute({
  method: 'patch',
  path: '/manage/dapp/{id}',
  tags: ['Projects'],
  operationId: 'updateProject',
  summary: 'Rename a project or change its description',
  description: 'Fields left out stay as they are. To anyone who is no member the project does not exist (404).',
  security,
  request: { params: project, body: { required: true, content: jsonContent(ProjectChanges) } },
  responses: {
    200: { description: 'The project as it is now.', content: jsonContent(Project) },
    ...accessErrors({
      400: badBody(ProjectChanges),
      404: PROJECT_MISSING,
      413: TOO_LARGE,
      415: NOT_JSON,
    }),
  },
})

export const deleteProjectRoute = createRoute({
  method: 'delete',
  path: '/manage/dapp/{id}',
  tags: ['Projects'],
  operationId: 'deleteProject',
  summary: 'Delete a project, its keys and its webhooks',
  description:
    'For good: its API keys stop verifying at once, on every instance of the server, and its webhook endpoints, messages and members go with it. Its request logs can no longer be read, and the retention schedule deletes them within hours. To anyone who is no member the project does not exist (404).',
  security,
  request: { params: project },
  responses: { 204: { description: 'Project deleted.' }, ...accessErrors({ 404: PROJECT_MISSING }) },
})
