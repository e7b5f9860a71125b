import { createRoute, z } from '@hono/zod-openapi'
import { UsageModeQuery } from '../../../contract/queries'
import { Usage } from '../../../contract/responses'
import { accessErrors, BAD_ADDRESS, jsonContent } from '../../openapi/error-responses'

/** The longest range GET …/usage answers, in days, and the one it answers without `days`. */
export const MAX_DAYS = 90
export const DEFAULT_DAYS = 30

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
    query: z.object({
      days: z
        .int()
        .min(1)
        .max(MAX_DAYS)
        .optional()
        .meta({ description: `How many days back, today included: ${1}–${MAX_DAYS} (default ${DEFAULT_DAYS}).`, example: DEFAULT_DAYS }),
      mode: UsageModeQuery.shape.mode,
    }),
  },
  responses: {
    200: { description: 'Counts per key, aligned with days.', content: jsonContent(Usage) },
    ...accessErrors({
      400: {
        description: 'days or mode is not one this call takes, or the address holds text that cannot be stored.',
        messages: [...BAD_ADDRESS.messages, `days must be a whole number from 1 to ${MAX_DAYS}.`, 'mode must be live or test, not "staging".'],
      },
      404: { description: 'No such project, or another user’s (the same answer).', messages: ['Project not found.'] },
    }),
  },
})
