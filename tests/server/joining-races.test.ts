/**
 * Making a project or joining one while an account is being deleted (PostgreSQL, two connections): each call
 * waits for the deletion and answers as it would once the account is gone, never with a broken reference (500);
 * and an admin who joins while the owner's account is being deleted is never deleted along with the project.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { sha256 } from '../../server/security/random'
import { blockedBy, holdOpen, waitingOn } from './blocked'
import { createTestServer, newProject, signUp, usePostgres, type SignedUp, type TestServer } from './harness'
import { addMember, verifyEmail } from './teams'

let s: TestServer
let a: SignedUp

beforeEach(async () => {
  s = await createTestServer()
  a = await signUp(s)
})
afterEach(() => s.close())

const count = async (sql: string, params: unknown[]) => (await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params))[0].n
/** The deletion's own statements on `a`'s row, held open: its row locked, then deleted once released. */
const deleting = () =>
  holdOpen(
    s.db,
    async (tx) => void (await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [a.user.id])),
    async (tx) => void (await tx.query('DELETE FROM users WHERE id = $1', [a.user.id])),
  )

/** A pending invitation of `email` to `projectId`, as `POST …/members` leaves it; answers its code and id. */
async function invite(projectId: string, email: string, role = 'admin'): Promise<{ code: string; id: string }> {
  const code = `fxi_${Math.random().toString(36).slice(2)}${Date.now()}`
  const id = `mem_${Math.random().toString(36).slice(2)}`
  await s.db.query(
    `INSERT INTO project_members (id, project_id, email, role, invited_at, code_hash, expires_at) VALUES ($1, $2, $3, $4, now(), $5, now() + interval '1 day')`,
    [id, projectId, email, role, sha256(code)],
  )
  return { code, id }
}

describe.runIf(usePostgres)('joining or making a project while an account is deleted', () => {
  it('making a project as the maker’s account is deleted: 401, as its token now is', async () => {
    const held = await deleting()
    const create = s.request('POST', '/api/manage/dapp', { token: a.accessToken, body: { name: 'Racer', description: '' } })
    await blockedBy(s.db, held)
    const res = await create
    expect(res.status, res.text).toBe(401)
    expect(await count('projects WHERE owner_id = $1', [a.user.id])).toBe(0)
  })

  it('accepting an invitation by code as the account is deleted: refused (400), and no member left behind', async () => {
    const owner = await signUp(s)
    const project = await newProject(s, owner.accessToken)
    const { code } = await invite(project.id, a.email)
    const held = await deleting()
    const accept = s.request('POST', '/api/invitations/accept', { token: a.accessToken, body: { code } })
    await blockedBy(s.db, held)
    const res = await accept!
    expect(res.status, res.text).toBe(400)
    expect(await count('project_members WHERE project_id = $1 AND user_id IS NOT NULL', [project.id])).toBe(0)
  })

  it('accepting an invitation by id as the account is deleted: not found (404)', async () => {
    const owner = await signUp(s)
    const project = await newProject(s, owner.accessToken)
    await verifyEmail(s, a)
    const { id } = await invite(project.id, a.email)
    const held = await deleting()
    const accept = s.request('POST', `/api/invitations/${id}/accept`, { token: a.accessToken })
    await blockedBy(s.db, held)
    const res = await accept!
    expect(res.status, res.text).toBe(404)
  })

  it('an admin joining while the owner’s account is deleted: the join waits, and is refused with the project it was for', async () => {
    // `a` owns the project; the deletion is paused after it has planned who inherits it: at a key `a` saw in
    // another project, which it ends after the plan.
    const project = await newProject(s, a.accessToken)
    const other = await signUp(s)
    const elsewhere = await newProject(s, other.accessToken)
    await addMember(s, elsewhere.id, a, 'developer')
    const made = await s.request('POST', `/api/manage/dapp/${elsewhere.id}/api-key`, { token: a.accessToken, body: { name: 'Mine' } })
    expect(made.status, made.text).toBe(201)
    const [key] = await s.db.query<{ id: string }>('SELECT id FROM api_keys WHERE project_id = $1 AND seen_by = $2', [elsewhere.id, a.user.id])
    const admin = await signUp(s)
    const { code } = await invite(project.id, admin.email)

    const held = await holdOpen(s.db, async (tx) => void (await tx.query('SELECT 1 FROM api_keys WHERE id = $1 FOR UPDATE', [key.id])))
    const deletion = s.request('DELETE', '/api/me', { token: a.accessToken, body: { password: a.password } })
    let accept: ReturnType<typeof s.request> | undefined
    try {
      await waitingOn(s.db, [held], 1)
      accept = s.request('POST', '/api/invitations/accept', { token: admin.accessToken, body: { code } })
      // The join waits for the deletion, which waits for the held key.
      await waitingOn(s.db, [held], 2)
    } finally {
      held.release()
    }
    const res = await accept!
    await held.ended
    expect((await deletion).status).toBe(204)
    expect(res.status, res.text).toBe(400)
    expect(await count('projects WHERE id = $1', [project.id])).toBe(0)
    expect(await count('project_members WHERE user_id = $1', [admin.user.id])).toBe(0)
  })
})
