import { z } from 'zod'
import { KEY_MODES, LOG_BATCH_MAX, LOG_KEY_ID_MAX, LOG_REQUEST_ID_MAX, LOG_ROUTE_MAX, LOG_STATUS_CLASSES, LOG_SUMMARY_DAYS_MAX } from './constants'
import { coded, isoDateTime, requiredText, wholeNumber } from './fields'
import { queryNumber } from './queries'

/**
 * Request logs (issue 49): what a provider's API reports of each call a key
 * made (`POST /api/logs`), and what the project's members read back
 * (`GET /manage/dapp/{id}/logs`, `/logs/summary`). Shared by the server, which
 * checks them, and the widget, which imports only their types.
 */

export { LOG_BATCH_MAX, LOG_BODY_MAX_BYTES, LOG_KEY_ID_MAX, LOG_REQUEST_ID_MAX, LOG_ROUTE_MAX, LOG_STATUS_CLASSES, LOG_SUMMARY_DAYS_MAX } from './constants'

/** The longest route template a report may carry; longer is refused, and anything over LOG_ROUTE_MAX is cut before it is stored. */
export const LOG_ROUTE_INPUT_MAX = 1000
/**
 * The longest `before`: the cursor of an entry whose request id is at its longest, base64url of
 * the time (15 digits at most), a colon and LOG_REQUEST_ID_MAX characters of up to 4 UTF-8 bytes
 * each (an emoji is one character and four bytes): 1,088 characters.
 */
export const LOG_CURSOR_MAX = Math.ceil(((15 + 1 + LOG_REQUEST_ID_MAX * 4) * 4) / 3)
/** A duration past a day is no call's: refused. */
export const LOG_DURATION_MAX_MS = 86_400_000

/**
 * An `ip` that is no IPv4 or IPv6 address. The schema reads only its characters (it runs where Node's
 * address parser may not); the server reads the address with Node's, as POST /keys/verify does.
 */
export const IP_NOT_AN_ADDRESS = coded('LOG_IP_INVALID', 'ip must be an IPv4 or IPv6 address.')

const DURATION_RANGE = coded('LOG_DURATION_OUT_OF_RANGE', `durationMs must be a number from 0 to ${LOG_DURATION_MAX_MS}.`)

const text = (description: string) => z.string().meta({ description })
const dateTime = (description: string) => z.string().meta({ format: 'date-time', description })

/** An HTTP method as the log stores it (in capitals): the ingest's check, and the page's `method` filter's, so it finds any method stored. */
const httpMethod = z
  .string({
    error: (issue) => (issue.input == null ? coded('LOG_METHOD_REQUIRED', 'method is required.') : coded('LOG_METHOD_NOT_TEXT', 'method must be text.')),
  })
  .regex(/^[A-Za-z]{1,16}$/, coded('LOG_METHOD_INVALID', 'method must be an HTTP method such as GET, of 1 to 16 letters.'))
  .transform((v) => v.toUpperCase())

// ---- POST /api/logs ----

/** One call as the provider's API reports it. No body, header, query string or (unless the provider opts in) client address. */
export const LogEntryInput = z
  .object(
    {
      requestId: requiredText('requestId', {
        code: 'LOG_REQUEST_ID',
        max: LOG_REQUEST_ID_MAX,
        name: true,
        bidiControls: true,
        description: 'The X-Request-Id of the call (the client\'s, or one the middleware made). Stored once per project and "at": re-sending is safe.',
      }),
      keyId: requiredText('keyId', {
        code: 'LOG_KEY_ID',
        max: LOG_KEY_ID_MAX,
        description: 'API project ID (apid_…) the verification answered; an unknown one drops the entry.',
      }),
      method: httpMethod.meta({ description: 'HTTP method, such as GET; stored in capitals.', examples: ['GET'] }),
      route: requiredText('route', {
        code: 'LOG_ROUTE',
        max: LOG_ROUTE_INPUT_MAX,
        name: true,
        bidiControls: true,
        description: `The route template the framework matched (/v1/invoices/:id), never the raw path or its query; cut to ${LOG_ROUTE_MAX} characters.`,
      }).transform((v) => [...v].slice(0, LOG_ROUTE_MAX).join('')),
      status: wholeNumber('status', 'LOG_STATUS', 100, 599, 'The HTTP status the provider answered.'),
      durationMs: z
        .number({ error: (issue) => (issue.input == null ? coded('LOG_DURATION_REQUIRED', 'durationMs is required.') : DURATION_RANGE) })
        .min(0, DURATION_RANGE)
        .max(LOG_DURATION_MAX_MS, DURATION_RANGE)
        .transform((v) => Math.round(v))
        .meta({ description: 'How long the handler took, in milliseconds (stored whole).' }),
      at: isoDateTime('at', 'LOG_AT', 'When the call arrived. Far in the future, or older than the retention: dropped and counted.').pipe(
        z.date({ error: coded('LOG_AT_REQUIRED', 'at is required.') }),
      ),
      ip: z
        .string({ error: coded('LOG_IP_NOT_TEXT', 'ip must be text.') })
        .max(64, coded('LOG_IP_TOO_LONG', 'ip must be at most 64 characters.'))
        .regex(/^[0-9A-Fa-f:.]+$/, IP_NOT_AN_ADDRESS)
        .optional()
        .meta({ description: "The client's address, IPv4 or IPv6 (no zone); only sent when the provider opts in." }),
    },
    // Every refusal of an entry is answered LOG_ENTRY_INVALID (the 400 names the entry): this one too.
    { error: coded('LOG_ENTRY_INVALID', 'Each entry must be a JSON object.') },
  )
  .meta({ id: 'LogEntryInput' })

/** The body of POST /api/logs. A malformed entry refuses the whole batch (400 naming the entry and field): nothing of it is stored. */
export const LogBatch = z
  .object({
    entries: z
      .array(LogEntryInput, {
        error: (issue) =>
          issue.input == null
            ? coded('LOG_ENTRIES_REQUIRED', 'entries is required.')
            : coded('LOG_ENTRIES_NOT_A_LIST', 'entries must be a list of log entries.'),
      })
      .min(1, coded('LOG_ENTRIES_EMPTY', 'entries must hold at least one entry.'))
      .meta({ description: `At most ${LOG_BATCH_MAX} entries; more is refused with 413.` }),
  })
  .meta({ id: 'LogBatch' })

const count = (description: string) => z.number().int().meta({ description })

export const LogBatchAccepted = z
  .object({
    accepted: count('Entries stored by this call.'),
    duplicates: count('Entries already stored (same project, requestId and at): nothing stored twice.'),
    dropped: z
      .object({
        unknownKey: count('Entries naming a key this server does not hold (never issued, or deleted).'),
        future: count('Entries more than 5 minutes in the future.'),
        expired: count('Entries older than the retention (REQUEST_LOG_RETENTION_DAYS).'),
      })
      .meta({ description: 'Entries not stored, by reason; never an error for the batch.' }),
  })
  .meta({ id: 'LogBatchAccepted' })

// ---- reading ----

export const LogEntry = z
  .object({
    requestId: text('The X-Request-Id of the call: "give this id to support".'),
    keyId: text('API project ID (apid_…).'),
    method: text('HTTP method, in capitals.'),
    route: text(`Route template, at most ${LOG_ROUTE_MAX} characters.`),
    status: z.number().int().meta({ description: 'HTTP status answered.' }),
    durationMs: z.number().int().meta({ description: 'Milliseconds the handler took.' }),
    at: dateTime('When the call arrived.'),
    ip: z.string().optional().meta({ description: "The client's address, when the provider reports it." }),
  })
  .meta({ id: 'LogEntry' })

/** An entry as a project's members read it: with the key's name. */
export const LogEntryView = LogEntry.extend({
  keyName: z.string().nullable().meta({ description: "The key's name; null once the key is deleted." }),
}).meta({ id: 'LogEntryView' })

export const LogPage = z
  .object({
    entries: z.array(LogEntryView).meta({ description: 'Newest first.' }),
    next: z.string().optional().meta({ description: 'Pass as "before" for the next (older) page; absent on the last page.' }),
  })
  .meta({ id: 'LogPage' })

/** GET /api/logs/{requestId}: the entry, with its project. */
export const LogLookup = LogEntryView.extend({
  projectId: text('Project ID (prj_…) whose key made the call.'),
}).meta({ id: 'LogLookup' })

export const LogBucket = z
  .object({
    start: dateTime('Start of the hour or UTC day.'),
    requests: count('Calls.'),
    errors: count('Calls answered 4xx or 5xx.'),
    serverErrors: count('Calls answered 5xx.'),
    p50Ms: z.number().int().nullable().meta({ description: 'Median duration (from a histogram: the upper bound of its bucket); null without calls.' }),
    p95Ms: z.number().int().nullable().meta({ description: '95th percentile duration, as p50Ms; null without calls.' }),
  })
  .meta({ id: 'LogBucket' })

export const LogSummary = z
  .object({
    unit: z.enum(['hour', 'day']).meta({ description: 'hour when days is 1 (the last 24 hours), else UTC day.' }),
    buckets: z.array(LogBucket).meta({ description: 'Oldest first, the current hour or day last; every bucket present, empty ones with 0.' }),
  })
  .meta({ id: 'LogSummary' })

// ---- query parameters (read with readQuery; numbers as contract/queries.ts reads them) ----

/** `mode`: the calls of live or test keys alone (issue 50); a deleted key's calls have no mode left and match neither. */
const modeFilter = z
  .enum(KEY_MODES, { error: coded('LOG_QUERY_MODE_INVALID', `mode must be one of ${KEY_MODES.join(', ')}.`) })
  .optional()
  .meta({ description: "Only calls made with keys of this mode (a deleted key's calls match neither)." })

/** GET /manage/dapp/{id}/logs */
export const LogQuery = z.object({
  key: z
    .string()
    .max(200, coded('LOG_QUERY_KEY_TOO_LONG', 'key must be at most 200 characters.'))
    .optional()
    .meta({ description: "Only this key's calls (apid_…)." }),
  status: z
    .enum(LOG_STATUS_CLASSES, { error: coded('LOG_QUERY_STATUS_INVALID', `status must be one of ${LOG_STATUS_CLASSES.join(', ')}.`) })
    .optional()
    .meta({ description: 'Only calls answered with this status class.' }),
  route: z
    .string()
    .max(LOG_ROUTE_MAX, coded('LOG_QUERY_ROUTE_TOO_LONG', `route must be at most ${LOG_ROUTE_MAX} characters.`))
    .optional()
    .meta({ description: 'Only this route template, exactly.' }),
  requestId: z
    .string()
    // The ingest's code for a request id too long: the same field, read from a query.
    .max(LOG_REQUEST_ID_MAX, coded('LOG_REQUEST_ID_TOO_LONG', `requestId must be at most ${LOG_REQUEST_ID_MAX} characters.`))
    .optional()
    .meta({ description: 'Only the call with this request id, exactly: the X-Request-Id its client was answered.' }),
  mode: modeFilter,
  method: httpMethod.optional().meta({ description: 'Only calls with this HTTP method (in any case), such as POST.', examples: ['POST'] }),
  // The ingest's code for a duration out of range: the same field, read from a query.
  slowerThanMs: queryNumber(
    'slowerThanMs',
    'LOG_DURATION_OUT_OF_RANGE',
    0,
    LOG_DURATION_MAX_MS,
    'Only calls that took longer than this many milliseconds: the slow ones.',
    1000,
  ),
  before: z
    .string()
    .max(LOG_CURSOR_MAX, coded('LOG_QUERY_BEFORE_TOO_LONG', `before must be at most ${LOG_CURSOR_MAX} characters.`))
    .optional()
    .meta({ description: 'The "next" of the previous page.' }),
  limit: queryNumber('limit', 'LIMIT_OUT_OF_RANGE', 1, 100, 'Entries per page: 1–100 (default 50).', 50),
})

/** GET /manage/dapp/{id}/logs/summary */
export const LogSummaryQuery = z.object({
  key: z
    .string()
    .max(200, coded('LOG_QUERY_KEY_TOO_LONG', 'key must be at most 200 characters.'))
    .optional()
    .meta({ description: "Only this key's calls (apid_…)." }),
  mode: modeFilter,
  days: queryNumber(
    'days',
    'DAYS_INVALID',
    1,
    LOG_SUMMARY_DAYS_MAX,
    `1 (the last 24 hours, per hour) to ${LOG_SUMMARY_DAYS_MAX} (per UTC day); default 30.`,
    30,
  ),
})

export type LogEntryInput = z.input<typeof LogEntryInput>
export type LogBatch = z.input<typeof LogBatch>
export type LogBatchAccepted = z.infer<typeof LogBatchAccepted>
export type LogEntry = z.infer<typeof LogEntry>
export type LogEntryView = z.infer<typeof LogEntryView>
export type LogPage = z.infer<typeof LogPage>
export type LogLookup = z.infer<typeof LogLookup>
export type LogBucket = z.infer<typeof LogBucket>
export type LogSummary = z.infer<typeof LogSummary>
export type LogQuery = z.input<typeof LogQuery>
export type LogSummaryQuery = z.input<typeof LogSummaryQuery>
