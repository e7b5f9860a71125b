import { createRoute, z } from '@hono/zod-openapi'
import {
  LOG_BATCH_MAX,
  LOG_BODY_MAX_BYTES,
  LogBatch,
  LogBatchAccepted,
  LogEntryInput,
  LogLookup,
  LogPage,
  LogQuery,
  LogSummary,
  LogSummaryQuery,
} from '../../../contract/logs'
import { ErrorBody } from '../../../contract/responses'
import { LOG_ENTRY_INVALID } from '../../../contract/constants'
import { errorTable, type Coded } from '../../http/errors'
import { codeSamples } from '../../openapi/code-samples'
import { bodyMessages, queryMessages } from '../../openapi/schema-messages'
import { accessErrors, BAD_ADDRESS, BODY_MESSAGES, errors, INTERNAL, jsonContent, NO_SERVICE_TOKEN, NOT_JSON } from '../../openapi/error-responses'

/** Request logs: the provider's API reports calls (service token); the project's members read them. */

const tags = ['Request logs']
const projectParams = z.object({ id: z.string().meta({ description: 'Project ID (prj_…).' }) })

/** This resource's refusals, each code beside its wording (thrown by its routes, listed by its operations). */
export const LOGS = errorTable({
  LOGS_NOT_CONFIGURED: 'Request logs are not configured on this server: set SERVICE_TOKEN to enable POST /logs.',
  LOG_BATCH_TOO_LARGE: (n: number) =>
    `A batch may carry at most ${LOG_BATCH_MAX} entries; this one has ${n}. Send them in batches of ${LOG_BATCH_MAX} or fewer.`,
  LOG_ENTRY_NOT_FOUND: 'No request-log entry has this request id (it was never reported, or is past the retention).',
  LOG_CURSOR_INVALID: 'before must be the "next" of an earlier page.',
})
/** A body over the batch's byte limit: the same code as too many entries, worded for bytes. */
export const BODY_TOO_LARGE = { code: 'LOG_BATCH_TOO_LARGE', message: `The request body is too large (the limit is ${LOG_BODY_MAX_BYTES / 1024} kB).` } as const
/**
 * Every refusal of a batch, read from its schema: the 400 prefixes an entry's
 * with its place (entries[3]: …), and answers each with one code.
 */
const entryMessages = bodyMessages(LogEntryInput)
const ENTRY_MESSAGES = [
  ...bodyMessages(LogBatch).filter((message) => !entryMessages.includes(message)),
  ...entryMessages.map((message) => `entries[0]: ${message}`),
].map((message): Coded => ({ code: LOG_ENTRY_INVALID, message }))
const serviceErrors = {
  401: NO_SERVICE_TOKEN,
  500: INTERNAL,
}
const notConfigured = {
  503: { description: 'SERVICE_TOKEN is not set on this server, so the call is off.', content: jsonContent(ErrorBody) },
}

export const ingestRoute = createRoute({
  method: 'post',
  path: '/logs',
  tags,
  operationId: 'reportRequestLogs',
  summary: 'Report calls your API answered',
  description:
    "For the API provider's services (flex-portal/verify's middlewares with requestLogs on, or any language), authenticated by SERVICE_TOKEN. " +
    `Up to ${LOG_BATCH_MAX} entries a call. Entries naming an unknown key, more than 5 minutes in the future or older than REQUEST_LOG_RETENTION_DAYS are dropped and counted, never an error. ` +
    'An entry is stored once per project, requestId and at: re-sending a batch (a retry after a time-out) stores nothing twice. ' +
    'A malformed entry refuses the whole batch (400 naming the entry, from 0, and the field): nothing of it is stored.',
  security: [{ serviceToken: [] }],
  request: { body: { required: true, content: jsonContent(LogBatch) } },
  responses: {
    202: { description: 'Stored (or counted as dropped or already stored).', content: jsonContent(LogBatchAccepted) },
    ...errors({
      400: {
        description: 'The body is not { entries: [...] }, or an entry is malformed: the message names the entry (from 0) and the field. Nothing is stored.',
        messages: [...BODY_MESSAGES, ...ENTRY_MESSAGES],
      },
      ...serviceErrors,
      413: {
        description: `More than ${LOG_BATCH_MAX} entries, or a body over ${LOG_BODY_MAX_BYTES / 1024} kB.`,
        messages: [BODY_TOO_LARGE, LOGS.LOG_BATCH_TOO_LARGE(1001)],
      },
      415: NOT_JSON,
    }),
    ...notConfigured,
  },
  ...codeSamples({
    path: '/logs',
    body: {
      entries: [
        {
          requestId: 'req_8f2c',
          keyId: 'apid_aT4l7cEgDYe5rHQS',
          method: 'GET',
          route: '/v1/invoices/:id',
          status: 200,
          durationMs: 42,
          at: '2030-01-31T12:00:00Z',
        },
      ],
    },
    then: 'const { accepted, duplicates, dropped } = await res.json()',
  }),
})

export const lookupRoute = createRoute({
  method: 'get',
  path: '/logs/{requestId}',
  tags,
  operationId: 'getRequestLogEntry',
  summary: "Find a developer's call by its request id",
  description:
    'For your support, authenticated by SERVICE_TOKEN: the entry with the X-Request-Id a developer gave you, with its project and key. ' +
    "Request ids are the clients' own, so two projects may share one: the newest is answered.",
  security: [{ serviceToken: [] }],
  request: { params: z.object({ requestId: z.string().meta({ description: 'The X-Request-Id of the call.' }) }) },
  responses: {
    200: { description: 'The entry.', content: jsonContent(LogLookup) },
    ...errors({ 400: BAD_ADDRESS, ...serviceErrors, 404: { description: 'No stored entry has this request id.', messages: [LOGS.LOG_ENTRY_NOT_FOUND] } }),
    ...notConfigured,
  },
})

const NO_PROJECT = { description: 'No such project, or the caller is not one of its members (the same answer).', messages: ['Project not found.'] }

export const listLogsRoute = createRoute({
  method: 'get',
  path: '/manage/dapp/{id}/logs',
  tags,
  operationId: 'listRequestLogs',
  summary: "The calls the project's keys made, newest first",
  description:
    "As the provider's API reported them (POST /logs), with the key's name. Filters combine; page with `before`, the `next` of the previous page. " +
    'Kept for REQUEST_LOG_RETENTION_DAYS (default 30).',
  security: [{ accessToken: [] }],
  request: { params: projectParams, query: LogQuery },
  responses: {
    200: { description: 'A page of entries.', content: jsonContent(LogPage) },
    ...accessErrors({
      400: {
        description: 'A query parameter is refused, or the address holds text that cannot be stored.',
        messages: [...queryMessages(LogQuery), LOGS.LOG_CURSOR_INVALID],
      },
      404: NO_PROJECT,
    }),
  },
})

export const summaryRoute = createRoute({
  method: 'get',
  path: '/manage/dapp/{id}/logs/summary',
  tags,
  operationId: 'summariseRequestLogs',
  summary: 'Calls, errors and latency per hour or day',
  description:
    'From the hourly rollups kept at ingest (never the entries themselves). days=1: the last 24 hours per hour; more: per UTC day, today last. ' +
    'p50 and p95 come from a latency histogram: the upper bound of the bucket the percentile falls in.',
  security: [{ accessToken: [] }],
  request: { params: projectParams, query: LogSummaryQuery },
  responses: {
    200: { description: 'One bucket per hour or day, oldest first.', content: jsonContent(LogSummary) },
    ...accessErrors({
      400: {
        description: 'A query parameter is refused, or the address holds text that cannot be stored.',
        messages: queryMessages(LogSummaryQuery),
      },
      404: NO_PROJECT,
    }),
  },
})
