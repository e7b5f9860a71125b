import { createRoute } from '@hono/zod-openapi'
import { ErrorBody, Health } from '../../../contract/responses'
import { badRequest, jsonContent } from '../../openapi/error-responses'

export const healthRoute = createRoute({
  method: 'get',
  path: '/health',
  tags: ['Operations'],
  operationId: 'health',
  summary: 'Liveness and database check',
  description: 'For load balancers; needs no credential.',
  security: [],
  responses: {
    200: { description: 'Up.', content: jsonContent(Health) },
    ...badRequest,
    503: { description: 'The database does not answer.', content: jsonContent(ErrorBody) },
  },
})
