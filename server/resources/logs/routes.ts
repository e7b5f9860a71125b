import type { Context } from 'hono'
import {
  IP_NOT_AN_ADDRESS,
  LOG_BATCH_MAX,
  LOG_BODY_MAX_BYTES,
  LOG_REQUEST_ID_MAX,
  LogBatch,
  LogQuery,
  LogSummaryQuery,
  type LogSummary,
} from '../../../contract/logs'
import { LOG_ENTRY_INVALID } from '../../../contract/constants'
import { hasControlCharacters } from '../../../contract/fields'
import type { AuthEnv } from '../../http/auth'
import { fastBodyLimit } from '../../http/body-limit'
import { HttpError } from '../../http/errors'
import { readQuery } from '../../http/query'
import type { RouteDeps } from '../../http/route-deps'
import { requireServiceToken } from '../../http/service-token'
import { readJsonObject } from '../../http/validate'
import { ContractApp } from '../../openapi/contract-app'
import { withRoles } from '../../openapi/roles'
import { authorize } from '../../security/authorization'
import { isIpAddress } from '../../security/ip-ranges'
import { usualEntries } from './entry-check'
import { findEntry, listEntries } from './data'
import { readBuckets } from './hours'
import { quantile } from './histogram'
import { logIngest } from './ingest'
import { BODY_TOO_LARGE, ingestRoute, listLogsRoute, LOGS, lookupRoute, summaryRoute } from './operations'
import { DAY_MS, dayStart, type PartitionKeeper } from './partitions'

export const LOGS_PATH = '/logs'
const HOUR_MS = 3_600_000

/**
 * The batch checked by the contract (the usual shape by entry-check.ts, which
 * answers the same) and each ip by Node's address parser; the first refused
 * field's message, prefixed with its entry (entries[3]: …), is the 400.
 */
function readBatch(body: Record<string, unknown>) {
  // Counted before the entries are checked one by one: a huge batch is refused for its size alone.
  if (Array.isArray(body.entries) && body.entries.length > LOG_BATCH_MAX) {
    throw new HttpError(413, LOGS.LOG_BATCH_TOO_LARGE(body.entries.length))
  }
  const usual = usualEntries(body.entries)
  if (usual) return usual
  const result = LogBatch.safeParse(body)
  const [field, index] = result.error?.issues[0].path ?? []
  const at = field === 'entries' && typeof index === 'number' ? index : undefined
  // The schema reads only an ip's characters: whether they are an address is read here, by Node's parser,
  // in the entries the schema took before its first refusal (those come first), or in all it took.
  const taken: { ip?: string }[] = result.success ? result.data.entries : at === undefined ? [] : (body.entries as { ip?: string }[]).slice(0, at)
  const noAddress = taken.findIndex((e) => e.ip !== undefined && !isIpAddress(e.ip))
  if (noAddress >= 0) throw refused(`entries[${noAddress}]: ${IP_NOT_AN_ADDRESS}`)
  if (result.success) return result.data.entries
  const { message } = result.error.issues[0]
  throw refused(at === undefined ? message : `entries[${at}]: ${message}`)
}
const refused = (message: string) => new HttpError(400, message, {}, LOG_ENTRY_INVALID)

// The cursor is the last entry's time and request id, so a page never repeats or skips an entry that arrived meanwhile.
const cursorOf = (e: { at: string; requestId: string }) => Buffer.from(`${Date.parse(e.at)}:${e.requestId}`).toString('base64url')
// A cursor is the caller's text: one no page could have made (a time PostgreSQL cannot hold, a request id no
// report could have stored) is refused here as any bad cursor, not left for the database to fail on.
const LAST_TIME = Date.UTC(9999, 11, 31, 23, 59, 59, 999)
function readCursor(before: string | undefined) {
  if (before === undefined) return undefined
  const m = /^(\d{1,15}):(.+)$/s.exec(Buffer.from(before, 'base64url').toString())
  const time = m ? Number(m[1]) : NaN
  const requestId = m?.[2] ?? ''
  if (!(time <= LAST_TIME) || [...requestId].length > LOG_REQUEST_ID_MAX || hasControlCharacters(requestId)) {
    throw new HttpError(400, LOGS.LOG_CURSOR_INVALID)
  }
  return { at: new Date(time), requestId }
}

/** The provider's calls (service token) and the members' pages (behind the /manage guard, any member). */
export function logRoutes(deps: RouteDeps, partitions: PartitionKeeper) {
  const { db, config, clock } = deps
  const serviceOnly = requireServiceToken(config.serviceToken, LOGS.LOGS_NOT_CONFIGURED)
  const bodyLimit = fastBodyLimit(LOG_BODY_MAX_BYTES, () => {
    throw new HttpError(413, BODY_TOO_LARGE)
  })
  const ingest = logIngest(deps, partitions)
  // Partitions go a whole day at a time: until its day's drop, an entry past the retention is still stored, never read.
  const keptFrom = () => new Date(clock() - config.requestLogRetentionDays * DAY_MS)
  const member = async (c: Context<AuthEnv>) => {
    const projectId = c.req.param('id')!
    await authorize(db, c.var.userId, projectId, 'logs.read')
    return projectId
  }

  return new ContractApp<AuthEnv>()
    .operation(ingestRoute, bodyLimit, serviceOnly, async (c) => {
      const entries = readBatch(await readJsonObject(c))
      return c.json(await ingest(entries), 202)
    })
    .operation(lookupRoute, serviceOnly, async (c) => {
      const found = await findEntry(db, c.req.param('requestId'), keptFrom())
      if (!found) throw new HttpError(404, LOGS.LOG_ENTRY_NOT_FOUND)
      return c.json(found)
    })
    .operation(withRoles('logs.read', listLogsRoute), async (c) => {
      const q = readQuery(c, LogQuery)
      const before = readCursor(q.before)
      const projectId = await member(c)
      const limit = q.limit ?? 50
      const rows = await listEntries(db, projectId, { ...q, before, limit, keptFrom: keptFrom() }, clock())
      const entries = rows.slice(0, limit)
      return c.json(rows.length > limit ? { entries, next: cursorOf(entries[limit - 1]) } : { entries })
    })
    .operation(withRoles('logs.read', summaryRoute), async (c) => {
      const q = readQuery(c, LogSummaryQuery)
      const projectId = await member(c)
      return c.json(await summarise(db, projectId, q.days ?? 30, clock(), keptFrom(), { keyId: q.key, mode: q.mode }))
    })
}

/** The rollups of the last `days` (1: 24 hours per hour), every bucket present. */
async function summarise(
  db: RouteDeps['db'],
  projectId: string,
  days: number,
  now: number,
  keptFrom: Date,
  only: { keyId?: string; mode?: string },
): Promise<LogSummary> {
  const unit = days === 1 ? 'hour' : 'day'
  const step = unit === 'hour' ? HOUR_MS : DAY_MS
  const last = unit === 'hour' ? now - (now % HOUR_MS) : dayStart(now)
  const count = unit === 'hour' ? 24 : days
  const first = last - (count - 1) * step
  // An hour's rollup counts while any of its entries is inside the retention, as the schedule keeps it (retention.ts).
  const from = Math.max(first, keptFrom.getTime() - (keptFrom.getTime() % HOUR_MS))
  const found = new Map((await readBuckets(db, projectId, new Date(from), step, only)).map((b) => [b.start, b]))
  return {
    unit,
    buckets: Array.from({ length: count }, (_, i) => {
      const start = first + i * step
      const b = found.get(start)
      return {
        start: new Date(start).toISOString(),
        requests: b?.requests ?? 0,
        errors: b ? b.clientErrors + b.serverErrors : 0,
        serverErrors: b?.serverErrors ?? 0,
        p50Ms: b ? quantile(b.hist, 0.5) : null,
        p95Ms: b ? quantile(b.hist, 0.95) : null,
      }
    }),
  }
}
