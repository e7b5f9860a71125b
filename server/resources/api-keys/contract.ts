import { createRoute, z } from '@hono/zod-openapi'
import { KeyFields, Roll } from '../../../contract/requests'
import { Deleted, KeyEntry, KeyMap } from '../../../contract/responses'
import { bodyErrors, conflict, forbidden, jsonContent, managedErrors, notFound } from '../../openapi/error-responses'

/** The /manage/dapp/{id}/api-key calls: a project's API keys, behind the user's access token. */

const security = [{ accessToken: [] }]
const projectId = z.string().meta({ description: 'Project ID (prj_…).' })
const keyId = z.string().meta({ description: 'API project ID (apid_…).' })
const project = z.object({ id: projectId })
const projectKey = z.object({ id: projectId, keyId })

export const createKeyRoute = createRoute({
  method: 'post',
  path: '/manage/dapp/{id}/api-key',
  tags: ['Projects'],
  operationId: 'createApiKey',
  summary: 'Add an API key pair',
  description:
    'The only answer that shows the whole new key. 409 once the project holds the most unexpired keys allowed (default 20). ' +
    'The body is optional: without one the key is named "Default key" (a project\'s first) or "Key N", and never expires.',
  security,
  request: { params: project, body: { required: false, content: jsonContent(KeyFields) } },
  responses: { 201: { description: 'Key created.', content: jsonContent(KeyMap) }, ...bodyErrors, ...managedErrors, ...notFound, ...conflict, ...forbidden },
})

export const deleteKeyRoute = createRoute({
  method: 'delete',
  path: '/manage/dapp/{id}/api-key/{keyId}',
  tags: ['Projects'],
  operationId: 'deleteApiKey',
  summary: 'Delete an API key pair',
  security,
  request: { params: projectKey },
  responses: { 200: { description: 'Key deleted.', content: jsonContent(Deleted) }, ...managedErrors, ...notFound },
})

export const updateKeyRoute = createRoute({
  method: 'patch',
  path: '/manage/dapp/{id}/api-key/{keyId}',
  tags: ['Projects'],
  operationId: 'updateApiKey',
  summary: 'Rename an API key or change its expiry',
  description: "An expired key can be renamed, but its expiry cannot be changed (409). A rolled-away key's expiry can only be moved earlier (409).",
  security,
  request: { params: projectKey, body: { required: true, content: jsonContent(KeyFields) } },
  responses: {
    200: { description: 'The key, as the project lists it.', content: jsonContent(KeyEntry) },
    ...bodyErrors,
    ...managedErrors,
    ...notFound,
    ...conflict,
  },
})

export const rollKeyRoute = createRoute({
  method: 'post',
  path: '/manage/dapp/{id}/api-key/{keyId}/roll',
  tags: ['Projects'],
  operationId: 'rollApiKey',
  summary: 'Replace an API key, with a grace period for the old one',
  description:
    "Creates a key with the old key's name and answers it whole, this once. The old key keeps verifying until now + graceSeconds, then verification answers EXPIRED; " +
    'it stays listed until deleted. A roll never leaves more unexpired keys than the key limit: at the limit only a grace of 0 is allowed (409 otherwise). ' +
    '409 for a key that has already expired or has already been rolled (roll its replacement).',
  security,
  request: { params: projectKey, body: { required: true, content: jsonContent(Roll) } },
  responses: { 201: { description: 'The new key.', content: jsonContent(KeyMap) }, ...bodyErrors, ...managedErrors, ...notFound, ...conflict },
})
