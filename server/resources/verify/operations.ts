import { createRoute } from '@hono/zod-openapi'
import { VerifyRequest } from '../../../contract/requests'
import { ErrorBody, Verification } from '../../../contract/responses'
import { codeSamples } from '../../openapi/code-samples'
import { VERIFY } from './errors'
import { badBody, errors, INTERNAL, jsonContent, NO_SERVICE_TOKEN, NOT_JSON, TOO_LARGE } from '../../openapi/error-responses'

/** POST /keys/verify, described here and mounted with its handler by routes.ts. */
export const verifyKeyRoute = createRoute({
  method: 'post',
  path: '/keys/verify',
  tags: ['Verification'],
  operationId: 'verifyApiKey',
  summary: 'Check an API key a client presented to your API',
  description:
    "For the API provider's own services, authenticated by the SERVICE_TOKEN the server is configured with. " +
    'A deleted or rolled-out key stops verifying at once on every instance, and a change of its restrictions applies at once too. The answer never holds a secret. ' +
    'Send `scopes` (the scopes the call needs: all must be held, else INSUFFICIENT_SCOPE with `missingScopes`) and `ip` (the client address: a key with an allowlist is refused IP_NOT_ALLOWED from elsewhere, or without `ip`). ' +
    "`{ key }` alone is checked as before restrictions, but for the allowlist. A valid answer says the key's `mode` (live or test): trust it, not the key's prefix.",
  security: [{ serviceToken: [] }],
  request: { body: { required: true, content: jsonContent(VerifyRequest) } },
  responses: {
    200: {
      description: 'Whether the key is valid: KeyValid names its key and project; KeyRefused says why not.',
      content: {
        'application/json': {
          schema: Verification,
          examples: {
            valid: {
              summary: 'A good key',
              value: {
                valid: true,
                keyId: 'apid_aT4l7cEgDYe5rHQS',
                projectId: 'prj_QT3lBZcZx9Q_7yc-q87J7w',
                name: 'Default key',
                expiresAt: null,
                mode: 'live',
                scopes: null,
              },
            },
            expiring: {
              summary: 'A good key that expires',
              value: {
                valid: true,
                keyId: 'apid_Lq0cV8mZy2WbN4sE',
                projectId: 'prj_QT3lBZcZx9Q_7yc-q87J7w',
                name: 'CI',
                expiresAt: '2030-01-31T12:00:00.000Z',
                mode: 'test',
                scopes: ['invoices:read'],
              },
            },
            expired: { summary: 'An expired key, or one past its grace period after a roll', value: { valid: false, code: 'EXPIRED' } },
            unknown: { summary: 'A key never issued, or deleted', value: { valid: false, code: 'NOT_FOUND' } },
            address: { summary: 'A key with an allowlist, used from elsewhere (or without `ip`)', value: { valid: false, code: 'IP_NOT_ALLOWED' } },
            scope: {
              summary: 'A key without a scope the call asked for',
              value: { valid: false, code: 'INSUFFICIENT_SCOPE', missingScopes: ['invoices:write'] },
            },
          },
        },
      },
    },
    ...errors({
      400: badBody(
        VerifyRequest,
        [VERIFY.IP_ADDRESS_INVALID('localhost'), VERIFY.SCOPES_INVALID('invoices:read')],
        'The body is not `{ "key": "…", "ip"?, "scopes"? }` with the key as text of at most 200 characters, `ip` an IP address and `scopes` a list of names.',
      ),
      401: NO_SERVICE_TOKEN,
      413: TOO_LARGE,
      415: NOT_JSON,
      500: INTERNAL,
    }),
    503: { description: 'SERVICE_TOKEN is not set on this server, so verification is off.', content: jsonContent(ErrorBody) },
  },
  ...codeSamples({
    path: '/keys/verify',
    body: { key: 'fxk_CQB4YeiTKEMwUZ7WEhNVOYkR9xmfjjUtgB0AVPCgPbo' },
    then: "const answer = await res.json() // { valid: true, keyId, projectId, … } or { valid: false, code }\nif (!answer.valid) throw new Error('API key refused')",
  }),
})
