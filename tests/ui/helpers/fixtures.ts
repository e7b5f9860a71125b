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
