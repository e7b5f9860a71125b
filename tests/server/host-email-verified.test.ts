/**
 * A host sign-in account's address is verified only when its provider says so
 * (POST /sessions emailVerified), at each sign-in: a provider may let its users
 * set any address, so an unverified one neither lists, accepts nor declines the
 * invitations to it, nor invites. The mailed code still joins: it proves the mailbox.
 */
import { randomBytes } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { loadMigrations } from '../../server/db/migrate'
import { INVITING } from '../../server/resources/members/invitation-limits'
import { newInvitationCode } from '../../server/resources/members/data'
import { startInbox, type Inbox } from '../support/smtp'
import { createTestServer, deviceToken, newProject, signUp, uniqueEmail, type SignedUp, type TestServer } from './harness'
import { verifyEmail } from './teams'

const DAY = 86_400_000
const SERVICE_TOKEN = 'a-long-random-service-token-for-tests'
let s: TestServer
let now = Date.now()
// Inviting needs mail: without it the call answers 503 before the inviter is judged.
let inbox: Inbox

beforeAll(async () => {
  inbox = await startInbox()
})
afterAll(async () => {
  await inbox.close()
})
afterEach(async () => {
  await s?.close()
})

/** Signs `externalId` in through the provider with `body`'s fields; answers its session. */
async function hostSignIn(externalId: string, body: object): Promise<SignedUp> {
  const code = await s.request('POST', '/api/sessions', { headers: { Authorization: `Bearer ${SERVICE_TOKEN}` }, body: { externalId, ...body } })
  expect(code.status).toBe(201)
  const exchanged = await s.request('POST', '/api/auth/exchange', { token: await deviceToken(s), body: { code: code.body.code } })
  expect(exchanged.status).toBe(200)
  return { accessToken: exchanged.body.accessToken, user: exchanged.body.user } as SignedUp
}

/** An invitation to `email` as the invite call stores it; answers its id and mailed code. */
async function invitation(projectId: string, inviter: SignedUp, email: string) {
  const id = `mem_${randomBytes(8).toString('hex')}`
  const { code, hash } = newInvitationCode()
  await s.db.query(
    `INSERT INTO project_members (id, project_id, email, role, invited_by, invited_at, code_hash, expires_at) VALUES ($1, $2, $3, 'admin', $4, $5, $6, $7)`,
    [id, projectId, email, inviter.user.id, new Date(now), hash, new Date(now + 7 * DAY)],
  )
  return { id, code }
}

/** Olga's project, and her invitation to Bob's verified password account. */
async function setUp() {
  now = Date.now()
  s = await createTestServer({ clock: () => now, config: { serviceToken: SERVICE_TOKEN, mail: { smtpUrl: inbox.url, productName: 'Acme' } } })
  const owner = await signUp(s, { name: 'Olga Owner' })
  const project = await newProject(s, owner.accessToken, { name: 'Secret project' })
  const bob = await signUp(s, { email: uniqueEmail('bob'), name: 'Bob' })
  await verifyEmail(s, bob)
  return { owner, project, bob, ...(await invitation(project.id, owner, bob.email)) }
}

const list = (who: SignedUp) => s.request('GET', '/api/invitations', { token: who.accessToken })
const acceptById = (id: string, who: SignedUp) => s.request('POST', `/api/invitations/${id}/accept`, { token: who.accessToken })
const decline = (id: string, who: SignedUp) => s.request('POST', `/api/invitations/${id}/decline`, { token: who.accessToken })
const me = async (who: SignedUp) => (await s.request('GET', '/api/me', { token: who.accessToken })).body.emailVerified

describe('an invitation to an address a host sign-in account was given', () => {
  it('is not listed, accepted or declined by it while its provider has not said the address is verified', async () => {
    const { owner, project, bob, id } = await setUp()
    // Mallory set her address in the provider's product to Bob's; the provider says nothing of it.
    const mallory = await hostSignIn('mallory', { email: bob.email.toUpperCase(), name: 'Mallory' })
    expect((await list(mallory)).body).toEqual({ emailVerified: false, invitations: [] })
    expect(await me(mallory)).toBe(false)
    for (const answer of [await acceptById(id, mallory), await decline(id, mallory)]) {
      expect(answer.status).toBe(404)
      expect(answer.body.code).toBe('INVITATION_UNKNOWN')
    }
    expect((await s.request('GET', `/api/manage/dapp/${project.id}`, { token: mallory.accessToken })).status).toBe(404)
    // Bob's invitation is still his.
    expect((await list(bob)).body.invitations.map((i: { id: string }) => i.id)).toEqual([id])
    // Nor may she invite from a project of her own: she is told why in words that fit her.
    const own = await newProject(s, mallory.accessToken, { name: 'Mallory app' })
    const invited = await s.request('POST', `/api/manage/dapp/${own.id}/members`, {
      token: mallory.accessToken,
      body: { email: uniqueEmail(), role: 'viewer' },
    })
    expect(invited.status).toBe(403)
    expect(invited.body).toEqual({ message: INVITING.HOST_EMAIL_UNVERIFIED.message, code: 'HOST_EMAIL_UNVERIFIED' })
    expect((await s.request('GET', `/api/manage/dapp/${project.id}/members`, { token: owner.accessToken })).body).toHaveLength(2)
  })

  it('is listed and accepted when the provider says it verified the address, and then the account may invite', async () => {
    const { project, bob, id } = await setUp()
    const hosted = await hostSignIn('bob-at-host', { email: bob.email, name: 'Bob', emailVerified: true })
    expect(await me(hosted)).toBe(true)
    const listed = await list(hosted)
    expect(listed.body.emailVerified).toBe(true)
    expect(listed.body.invitations.map((i: { id: string }) => i.id)).toEqual([id])
    expect((await acceptById(id, hosted)).body).toEqual({ projectId: project.id, role: 'admin' })
    const invited = await s.request('POST', `/api/manage/dapp/${project.id}/members`, {
      token: hosted.accessToken,
      body: { email: uniqueEmail(), role: 'viewer' },
    })
    expect(invited.status).toBe(201)
  })

  it('is declined by it when the provider says it verified the address', async () => {
    const { bob, id } = await setUp()
    const hosted = await hostSignIn('bob-at-host', { email: bob.email, emailVerified: true })
    expect((await decline(id, hosted)).status).toBe(204)
  })

  it('is still joined with the mailed code by an unverified one, which verifies its address', async () => {
    const { owner, project } = await setUp()
    const email = uniqueEmail('hana')
    const { code } = await invitation(project.id, owner, email)
    const other = await newProject(s, owner.accessToken, { name: 'Other app' })
    const second = await invitation(other.id, owner, email)
    const hana = await hostSignIn('hana', { email, name: 'Hana' })
    expect((await list(hana)).body.invitations).toEqual([])
    const joined = await s.request('POST', '/api/invitations/accept', { token: hana.accessToken, body: { code } })
    expect(joined.body).toEqual({ projectId: project.id, role: 'admin' })
    expect((await list(hana)).body.invitations.map((i: { id: string }) => i.id)).toEqual([second.id])
  })
})

describe("a host sign-in's emailVerified", () => {
  it('is cleared by a later sign-in that says false, says nothing, or gives no address to vouch for', async () => {
    await setUp()
    const email = uniqueEmail('hana')
    for (const later of [{ email, emailVerified: false }, { email }, { emailVerified: true }, { email: uniqueEmail('elsewhere') }]) {
      expect(await me(await hostSignIn('hana', { email, emailVerified: true }))).toBe(true)
      expect(await me(await hostSignIn('hana', later))).toBe(false)
    }
    // A new address said verified is verified; the same address said again stays so.
    expect(await me(await hostSignIn('hana', { email: uniqueEmail('new'), emailVerified: true }))).toBe(true)
  })

  it('is true or false, or left out: anything else is refused', async () => {
    await setUp()
    for (const emailVerified of ['true', 1, null]) {
      const res = await s.request('POST', '/api/sessions', {
        headers: { Authorization: `Bearer ${SERVICE_TOKEN}` },
        body: { externalId: 'hana', email: uniqueEmail(), emailVerified },
      })
      expect(res.status).toBe(400)
      expect(res.body).toEqual({ message: 'emailVerified must be true or false.', code: 'EMAIL_VERIFIED_NOT_BOOLEAN' })
    }
  })
})

describe('migration 029', () => {
  it("makes every host sign-in account's address unverified, and no password account's", async () => {
    const { bob } = await setUp()
    const hana = await hostSignIn('hana', { email: uniqueEmail('hana'), emailVerified: true })
    const [migration] = (await loadMigrations()).filter((m) => m.version === 29)
    await s.db.query(migration.sql)
    expect(await me(hana)).toBe(false)
    expect(await me(bob)).toBe(true)
  })
})
