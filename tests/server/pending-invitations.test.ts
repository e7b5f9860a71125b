/**
 * The invited account's entry points: `GET /invitations` lists what waits for
 * its verified address (project, role, inviter), and declining one removes it
 * and is audited. Invitations are put in place as the invite call stores them.
 */
import { randomBytes } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { MEMBERS } from '../../server/resources/members/errors'
import { createTestServer, newProject, signUp, type SignedUp, type TestServer } from './harness'
import { verifyEmail } from './teams'

const DAY = 86_400_000
let s: TestServer
let now = Date.now()

afterEach(async () => {
  await s?.close()
})

async function invitation(projectId: string, inviter: SignedUp, email: string, role = 'developer', expiresAt = new Date(now + 7 * DAY)) {
  const id = `mem_${randomBytes(8).toString('hex')}`
  await s.db.query(
    `INSERT INTO project_members (id, project_id, email, role, invited_by, invited_at, code_hash, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [id, projectId, email, role, inviter.user.id, new Date(now), randomBytes(16).toString('hex'), expiresAt],
  )
  return id
}

async function setUp() {
  now = Date.now()
  s = await createTestServer({ clock: () => now })
  const owner = await signUp(s, { name: 'Olga Owner' })
  const project = await newProject(s, owner.accessToken, { name: 'Weather app' })
  const invitee = await signUp(s, { name: 'Ivy Invitee' })
  return { owner, project, invitee }
}

const list = (who: SignedUp) => s.request('GET', '/api/invitations', { token: who.accessToken })
const decline = (id: string, who: SignedUp) => s.request('POST', `/api/invitations/${id}/decline`, { token: who.accessToken })

describe('GET /invitations', () => {
  it("lists the unexpired invitations to the account's verified address, with project, role and inviter", async () => {
    const { owner, project, invitee } = await setUp()
    const id = await invitation(project.id, owner, invitee.email, 'viewer')
    const older = await newProject(s, owner.accessToken, { name: 'Old app' })
    await invitation(older.id, owner, invitee.email, 'admin', new Date(now - 1000)) // expired: not listed
    const stranger = await signUp(s)
    await invitation(project.id, owner, stranger.email)
    await verifyEmail(s, invitee)
    const res = await list(invitee)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      emailVerified: true,
      invitations: [
        {
          id,
          project: { id: project.id, name: 'Weather app' },
          role: 'viewer',
          inviter: { name: 'Olga Owner', email: owner.email },
          expiresAt: new Date(now + 7 * DAY).toISOString(),
        },
      ],
    })
  })

  it('lists nothing to an unverified address, and says it is unverified', async () => {
    const { owner, project, invitee } = await setUp()
    await invitation(project.id, owner, invitee.email)
    const res = await list(invitee)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ emailVerified: false, invitations: [] })
  })

  it('needs a session', async () => {
    await setUp()
    expect((await s.request('GET', '/api/invitations')).status).toBe(401)
  })
})

describe('declining an invitation', () => {
  it('removes it from the list and the project, and the project audits it', async () => {
    const { owner, project, invitee } = await setUp()
    const id = await invitation(project.id, owner, invitee.email, 'developer')
    await verifyEmail(s, invitee)
    const res = await decline(id, invitee)
    expect(res.status).toBe(204)
    expect((await list(invitee)).body.invitations).toEqual([])
    const members = await s.request('GET', `/api/manage/dapp/${project.id}/members`, { token: owner.accessToken })
    expect(members.body.map((m: { email: string }) => m.email)).not.toContain(invitee.email)
    const audit = await s.request('GET', `/api/manage/dapp/${project.id}/audit`, { token: owner.accessToken })
    expect(audit.body.entries[0]).toMatchObject({
      action: 'invitation.declined',
      target: id,
      actor: { id: invitee.user.id, name: 'Ivy Invitee' },
      details: { email: invitee.email, role: 'developer' },
    })
  })

  it("answers one 404 with a code for another's, an unverified address's, an unknown or a repeated decline", async () => {
    const { owner, project, invitee } = await setUp()
    const id = await invitation(project.id, owner, invitee.email)
    const other = await signUp(s)
    await verifyEmail(s, other)
    const refusals = [await decline(id, invitee), await decline(id, other), await decline('mem_unknown', other)]
    await verifyEmail(s, invitee)
    expect((await decline(id, invitee)).status).toBe(204)
    refusals.push(await decline(id, invitee))
    for (const res of refusals) {
      expect(res.status).toBe(404)
      expect(res.body).toEqual({ message: MEMBERS.INVITATION_UNKNOWN.message, code: 'INVITATION_UNKNOWN' })
    }
  })
})

describe('accepting a listed invitation', () => {
  it('joins the project with its role and is audited; only once, only by the invited verified address', async () => {
    const { owner, project, invitee } = await setUp()
    const id = await invitation(project.id, owner, invitee.email, 'viewer')
    const accept = (who: SignedUp) => s.request('POST', `/api/invitations/${id}/accept`, { token: who.accessToken })
    const unverified = await accept(invitee)
    expect(unverified.status).toBe(404)
    expect(unverified.body.code).toBe('INVITATION_UNKNOWN')
    await verifyEmail(s, invitee)
    const res = await accept(invitee)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ projectId: project.id, role: 'viewer' })
    expect((await accept(invitee)).status).toBe(404)
    const opened = await s.request('GET', `/api/manage/dapp/${project.id}`, { token: invitee.accessToken })
    expect(opened.status).toBe(200)
    expect((await list(invitee)).body.invitations).toEqual([])
    const audit = await s.request('GET', `/api/manage/dapp/${project.id}/audit`, { token: owner.accessToken })
    expect(audit.body.entries[0]).toMatchObject({ action: 'member.joined', target: id, details: { role: 'viewer' } })
  })
})
