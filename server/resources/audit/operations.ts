import { createRoute, z } from '@hono/zod-openapi'
import { AuditQuery } from '../../../contract/queries'
import { AuditPage } from '../../../contract/teams'
import { accessErrors, jsonContent } from '../../openapi/error-responses'
import { withRoles } from '../../openapi/roles'
import { queryMessages } from '../../openapi/schema-messages'
import { AUDIT } from './errors'

export const auditRoute = withRoles(
  'audit.read',
  createRoute({
    method: 'get',
    path: '/manage/dapp/{id}/audit',
    tags: ['Members'],
    operationId: 'getAuditLog',
    summary: "The project's audit log, newest first",
    description:
      'Who did what: the project, its keys, webhook endpoints and secret, test events, members and ownership. ' +
      'An entry never holds a key, secret, code or payload. Entries are kept AUDIT_RETENTION_DAYS (365). ' +
      'Each actor is named by the name and e-mail address they had then. ' +
      '`format=csv` downloads the newest 10,000 as CSV, one line each (control characters in a cell are written as their Unicode pictures, ␍ ␊; ' +
      'cells that a spreadsheet would run as a formula start with a quote).',
    security: [{ accessToken: [] }],
    request: {
      params: z.object({ id: z.string().meta({ description: 'Project ID (prj_…).' }) }),
      query: AuditQuery,
    },
    responses: {
      200: {
        description: 'A page of entries (or the CSV).',
        content: { ...jsonContent(AuditPage), 'text/csv': { schema: z.string() } },
      },
      ...accessErrors({
        400: {
          description: 'A query value is refused.',
          messages: [...queryMessages(AuditQuery), AUDIT.AUDIT_BEFORE_INVALID],
        },
        404: { description: 'No such project, or the caller is no member of it (the same answer).', messages: ['Project not found.'] },
      }),
    },
  }),
)
