import type { LogEntryView } from '../../../contract/logs'
import type { Member } from '../../../contract/teams'

/** GET /api/me of a signed-in password account that owns 2 projects and 3 keys. */
export const PROFILE = {
  id: 'usr_1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  signIn: 'password',
  projects: 2,
  keys: 3,
}

/** An active member of a project, `extra` replacing any field. */
export const member = (id: string, role: Member['role'], extra: Partial<Member> = {}): Member => ({
  id,
  userId: `usr_${id}`,
  name: `Name ${id}`,
  email: `${id}@example.com`,
  role,
  status: 'active',
  joinedAt: '2026-11-01T10:00:00.000Z',
  invitedAt: '2026-11-01T10:00:00.000Z',
  expiresAt: null,
  ...extra,
})

/** A request-log entry of key apid_a ("Production"), its time n seconds past 10:00 on 2026-11-28 UTC, `extra` replacing any field. */
export const logEntry = (n: number, extra: Partial<LogEntryView> = {}): LogEntryView => ({
  requestId: `req_${n}`,
  keyId: 'apid_a',
  keyName: 'Production',
  method: 'GET',
  route: '/v1/invoices/:id',
  status: 200,
  durationMs: 42,
  at: new Date(Date.UTC(2026, 10, 28, 10, 0, n)).toISOString(),
  ...extra,
})
