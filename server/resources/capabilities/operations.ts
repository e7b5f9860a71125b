import { createRoute } from '@hono/zod-openapi'
import { Capabilities } from '../../../contract/responses'
import { BAD_ADDRESS, errors, jsonContent, USER_LIMIT } from '../../openapi/error-responses'

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
    ...errors({
      400: BAD_ADDRESS,
      429: { description: 'The client address is over its fair share of calls per minute; Retry-After says when to try again.', messages: USER_LIMIT.messages },
    }),
  },
})
