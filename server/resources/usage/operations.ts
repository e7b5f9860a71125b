import { createRoute, z } from '@hono/zod-openapi'
import { UsageQuery } from '../../../contract/queries'
import { Usage } from '../../../contract/responses'
import { accessErrors, jsonContent } from '../../openapi/error-responses'
import { queryMessages } from '../../openapi/schema-messages'

export const usageRoute = createRoute({
  method: 'get',
  path: '/manage/dapp/{id}/usage',
  tags: ['Projects'],
  operationId: 'getUsage',
  summary: "Verifications of the project's keys per day",
  description:
    'How often POST /keys/verify checked each key, per UTC day, valid and refused. Counts reach the database within about a second. ' +
    'Deleted keys still appear while they have counts in the range. With `mode`, only the live or the test keys (a deleted key by the mode it had).',
  security: [{ accessToken: [] }],
  request: {
    params: z.object({ id: z.string().meta({ description: 'Project ID (prj_…).' }) }),
    query: UsageQuery,
  },
  responses: {
    200: { description: 'Counts per key, aligned with days.', content: jsonContent(Usage) },
    ...accessErrors({
      400: {
        description: 'days or mode is not one this call takes, or the address holds text that cannot be stored.',
        messages: queryMessages(UsageQuery),
      },
      404: { description: 'No such project, or another user’s (the same answer).', messages: ['Project not found.'] },
    }),
  },
})
