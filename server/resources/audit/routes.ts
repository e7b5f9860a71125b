import { AuditQuery } from '../../../contract/queries'
import type { AuthEnv } from '../../http/auth'
import { readQuery } from '../../http/query'
import { badRequest } from '../../http/errors'
import type { RouteDeps } from '../../http/route-deps'
import { ContractApp } from '../../openapi/contract-app'
import { authorize } from '../../security/authorization'
import { auditCsv } from './csv'
import { listAudit, pruneAudit } from './data'
import type { PruneJob } from '../../db/retention'
import { auditRoute } from './operations'
import { AUDIT } from './errors'

export const AUDIT_BEFORE_INVALID = AUDIT.AUDIT_BEFORE_INVALID.message
/** The most entries one CSV download holds (newest first). */
export const CSV_MAX = 10_000
const DAY_MS = 86_400_000

/** The audit log's part of the retention schedule: entries older than AUDIT_RETENTION_DAYS go. */
export const auditRetention = ({ db, config }: RouteDeps): PruneJob[] => [
  { name: 'the audit log', prune: (now) => pruneAudit(db, now, config.auditRetentionDays) },
]

/** GET /manage/dapp/{id}/audit (admin, owner): the project's audit log, a page as JSON or the whole of it as CSV. */
export function auditRoutes({ db, config, clock }: RouteDeps) {
  return new ContractApp<AuthEnv>().operation(auditRoute, async (c) => {
    const projectId = c.req.param('id')
    const query = readQuery(c, AuditQuery)
    const csv = query.format === 'csv'
    // A download is the newest CSV_MAX entries; a page 1 to 100 of them.
    const limit = csv ? CSV_MAX : (query.limit ?? 50)
    await authorize(db, c.var.userId, projectId, 'audit.read')
    const entries = await listAudit(db, projectId, limit, new Date(clock() - config.auditRetentionDays * DAY_MS), query.before)
    if (!entries) throw badRequest(AUDIT.AUDIT_BEFORE_INVALID)
    if (!csv) return c.json({ entries })
    return c.body(auditCsv(entries), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="audit-${projectId.replace(/[^\w-]/g, '')}.csv"`,
      'Cache-Control': 'no-store',
    })
  })
}
