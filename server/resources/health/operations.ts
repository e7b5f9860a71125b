import { createRoute } from '@hono/zod-openapi'
import { ErrorBody, Health } from '../../../contract/responses'
import { errors, jsonContent } from '../../openapi/error-responses'
import { BODY } from '../../http/validate'

export const healthRoute = createRoute({
  method: 'get',
  path: '/health',
  tags: ['Operations'],
  operationId: 'health',
  summary: 'Liveness and database check',
  description: 'For load balancers and monitoring; needs no credential, counts against no limit, and reads nothing of its address.',
  security: [],
  responses: {
    200: { description: 'Up.', content: jsonContent(Health) },
    ...errors({
      413: { description: 'The request carries a body over 64 kB (a probe sends none).', messages: [BODY.BODY_TOO_LARGE(64)] },
    }),
    503: { description: 'The database does not answer.', content: jsonContent(ErrorBody) },
  },
})
