import { createRoute, z } from '@hono/zod-openapi'
import { KeyChanges, KeyCreate, ScopeCatalog } from '../../../contract/keys'
import { Roll } from '../../../contract/requests'
import { Deleted, KeyEntry, KeyMap } from '../../../contract/responses'
import { accessErrors, badBody, jsonContent, NOT_JSON, TOO_LARGE, UNVERIFIED, type ErrorAnswer } from '../../openapi/error-responses'
import { PROJECTS } from '../../security/authorization'
import { ALLOWED_IPS_SHAPE, KEYS } from './errors'

/** The /manage/dapp/{id}/api-key calls: a project's API keys, behind the user's access token. */

const security = [{ accessToken: [] }]
const projectId = z.string().meta({ description: 'Project ID (prj_…).' })
const keyId = z.string().meta({ description: 'API project ID (apid_…).' })
const project = z.object({ id: projectId })
const projectKey = z.object({ id: projectId, keyId })

const PROJECT_MISSING: ErrorAnswer = { description: "No such project, or another user's (the same answer).", messages: ['Project not found.'] }
const KEY_MISSING: ErrorAnswer = {
  description: "No such project, or another user's (the same answer), or no such key in the caller's project.",
  messages: [PROJECTS.PROJECT_NOT_FOUND, KEYS.KEY_NOT_FOUND],
}
const BODY = { 413: TOO_LARGE, 415: NOT_JSON }
// Sample values: each message names the value sent.
const RESTRICTIONS_BAD = [
  KEYS.SCOPES_INVALID('invoices:read'),
  KEYS.SCOPES_NOT_OFFERED(['invoices:read']),
  KEYS.SCOPE_UNKNOWN('invoices:delete'),
  ALLOWED_IPS_SHAPE.ALLOWED_IP_INVALID,
  KEYS.ALLOWED_IPS_TOO_MANY(21),
  KEYS.ALLOWED_IP_INVALID('10.0.0.0/33'),
]
const BROAD: ErrorAnswer = {
  description:
    'With a scope catalog: a developer asked for a live key with a write scope or every scope (or to make one so, or to roll one); that needs an admin or the owner.',
  messages: [KEYS.BROAD_KEY_ROLE_NEEDED],
}
/** Creating a key and rolling one: both mint a working secret, so REQUIRE_VERIFIED_EMAIL holds both. */
const MINTING_REFUSED: ErrorAnswer = {
  description: `${UNVERIFIED.description} Or: ${BROAD.description}`,
  messages: [...UNVERIFIED.messages, ...BROAD.messages],
}
const RESTRICTED =
  ' With a scope catalog (KEY_SCOPES_FILE) a key may hold only some scopes (`scopes`; null: every scope); any key may be limited to up to 20 addresses or CIDR ranges (`allowedIps`). ' +
  'A developer may make test keys and read-only live keys; a live key with a write scope or every scope needs an admin or the owner (403). Every change is in the audit log.'

export const createKeyRoute = createRoute({
  method: 'post',
  path: '/manage/dapp/{id}/api-key',
  tags: ['Projects'],
  operationId: 'createApiKey',
  summary: 'Add an API key pair',
  description:
    'The only answer that shows the whole new key. 409 once the project holds the most unexpired keys allowed (default 20). ' +
    'The body is optional: without one the key is named "Default key" (a project\'s first) or "Key N", never expires, is live, holds every scope and works from anywhere. ' +
    '`mode: "test"` makes a test key, whose text starts fxk_test_ (verification answers its `mode`: trust that, not the text).' +
    RESTRICTED,
  security,
  request: { params: project, body: { required: false, content: jsonContent(KeyCreate) } },
  responses: {
    201: { description: 'Key created.', content: jsonContent(KeyMap) },
    ...accessErrors({
      400: badBody(KeyCreate, [KEYS.KEY_EXPIRY_PAST, KEYS.KEY_MODE_INVALID('production'), ...RESTRICTIONS_BAD]),
      403: MINTING_REFUSED,
      404: PROJECT_MISSING,
      409: {
        description: 'The project holds the most unexpired keys allowed (API_KEY_LIMIT).',
        messages: [KEYS.KEY_LIMIT_REACHED(20)],
      },
      ...BODY,
    }),
  },
})

export const deleteKeyRoute = createRoute({
  method: 'delete',
  path: '/manage/dapp/{id}/api-key/{keyId}',
  tags: ['Projects'],
  operationId: 'deleteApiKey',
  summary: 'Delete an API key pair',
  security,
  request: { params: projectKey },
  responses: { 200: { description: 'Key deleted.', content: jsonContent(Deleted) }, ...accessErrors({ 404: KEY_MISSING }) },
})

export const updateKeyRoute = createRoute({
  method: 'patch',
  path: '/manage/dapp/{id}/api-key/{keyId}',
  tags: ['Projects'],
  operationId: 'updateApiKey',
  summary: 'Rename an API key, change its expiry or its restrictions',
  description:
    "An expired key can be renamed, but its expiry cannot be changed (409). A rolled-away key's expiry can only be moved earlier (409). " +
    "A key's mode is fixed when it is made (400)." +
    RESTRICTED,
  security,
  request: { params: projectKey, body: { required: true, content: jsonContent(KeyChanges) } },
  responses: {
    200: { description: 'The key, as the project lists it.', content: jsonContent(KeyEntry) },
    ...accessErrors({
      400: badBody(KeyChanges, [KEYS.KEY_EXPIRY_PAST, KEYS.KEY_MODE_FIXED, ...RESTRICTIONS_BAD]),
      403: BROAD,
      404: KEY_MISSING,
      409: {
        description: 'The key has expired and the edit changes its expiry, or it was rolled away and the edit moves its expiry later.',
        messages: [KEYS.KEY_EXPIRED, KEYS.KEY_ROLLED_EXPIRY],
      },
      ...BODY,
    }),
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
  responses: {
    201: { description: 'The new key.', content: jsonContent(KeyMap) },
    ...accessErrors({
      400: badBody(Roll),
      403: MINTING_REFUSED,
      404: KEY_MISSING,
      409: {
        description: 'The key has expired or was already rolled, or the project is at its key limit and the old key would keep working beside its replacement.',
        messages: [KEYS.KEY_EXPIRED, KEYS.KEY_ROLLED, KEYS.KEY_LIMIT_FOR_ROLL(20)],
      },
      ...BODY,
    }),
  },
})

export const keyScopesRoute = createRoute({
  method: 'get',
  path: '/manage/dapp/{id}/scopes',
  tags: ['Projects'],
  operationId: 'getKeyScopes',
  summary: 'The scopes a key may be restricted to',
  description:
    "The server's scope catalog (KEY_SCOPES_FILE), in its order: what the key dialogs offer. Empty on a server without one (GET /capabilities then does not name key-restrictions).",
  security,
  request: { params: project },
  responses: {
    200: { description: 'The catalog.', content: jsonContent(ScopeCatalog) },
    ...accessErrors({ 404: PROJECT_MISSING }),
  },
})
