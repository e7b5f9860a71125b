import { createRoute, z } from '@hono/zod-openapi'
import { NewProject } from '../../../contract/requests'
import { CreatedProject, Project, ProjectList } from '../../../contract/responses'
import { bodyErrors, conflict, forbidden, jsonContent, managedErrors, notFound } from '../../openapi/error-responses'

/** The /manage/dapp calls of projects themselves, behind the user's access token (their keys: api-keys/contract.ts). */

const security = [{ accessToken: [] }]
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
  responses: { 201: { description: 'Project created.', content: jsonContent(CreatedProject) }, ...bodyErrors, ...managedErrors, ...conflict, ...forbidden },
})

export const listProjectsRoute = createRoute({
  method: 'get',
  path: '/manage/dapp/owner',
  tags: ['Projects'],
  operationId: 'listProjects',
  summary: "The caller's projects, newest first",
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
    ...managedErrors,
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
  responses: { 200: { description: 'The project.', content: jsonContent(Project) }, ...managedErrors, ...notFound },
})
