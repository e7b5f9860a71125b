import { createRoute } from '@hono/zod-openapi'
import { Capabilities } from '../../../contract/responses'
import { jsonContent, tooManyRequests } from '../../openapi/error-responses'

export const capabilitiesRoute = createRoute({
  method: 'get',
  path: '/capabilities',
  tags: ['Operations'],
  operationId: 'capabilities',
  summary: 'Features beyond the specification',
  description: 'Lets an embedded widget show only what this server implements. Needs no credential; the answer is the same for everyone.',
  security: [],
  responses: {
    200: { description: 'The features this server offers.', content: jsonContent(Capabilities) },
    ...tooManyRequests,
  },
})
