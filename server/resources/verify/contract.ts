import { createRoute } from '@hono/zod-openapi'
import { VerifyRequest } from '../../../contract/requests'
import { ErrorBody, Verification } from '../../../contract/responses'
import { bodyErrors, internalError, jsonContent, unauthorized } from '../../openapi/error-responses'

/**
 * POST /keys/verify, described here; its handler (routes.ts) is mounted
 * by hand for speed and reads its body with parseBody(VerifyRequest, …), so
 * app.ts registers this description beside it.
 */
export const verifyKeyRoute = createRoute({
  method: 'post',
  path: '/keys/verify',
  tags: ['Verification'],
  operationId: 'verifyApiKey',
  summary: 'Check an API key a client presented to your API',
  description:
    "For the API provider's own services, authenticated by the SERVICE_TOKEN the server is configured with. " +
    'A deleted or rolled-out key stops verifying at once on every instance. The answer never holds a secret.',
  security: [{ serviceToken: [] }],
  request: { body: { required: true, content: jsonContent(VerifyRequest) } },
  responses: {
    200: { description: 'Whether the key is valid; a key that is not gets a code.', content: jsonContent(Verification) },
    ...bodyErrors,
    ...unauthorized,
    ...internalError,
    503: { description: 'SERVICE_TOKEN is not set on this server, so verification is off.', content: jsonContent(ErrorBody) },
  },
})
