/**
 * Pending invitations that expired long ago go on the retention schedule:
 * the invited address is kept no longer than needed to resend it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startInbox, type Inbox } from '../support/smtp'
import { createTestServer, newProject, type SignedUp, type TestServer } from './harness'
import { addMember, inviteViewer, mailedCode, verifiedAccount } from './teams'

const DAY = 86_400_000

let inbox: Inbox
let s: TestServer
let now = Date.now()

beforeAll(async () => {
  inbox = await startInbox()
})
afterAll(async () => {
  await inbox.close()
})
afterEach(async () => {
  await s?.close()
})

async function server() {
  now = Date.now()
  // Sessions outlive the weeks the clock is moved on by.
  s = await createTestServer({
    clock: () => now,
    config: { accessTokenTtlSeconds: 60 * 86_400, mail: { smtpUrl: inbox.url, productName: 'Acme Developers' } },
  })
  return s
}

/** An account whose sign-up mail is taken, verified, so it may invite. */
const account = (name: string) => verifiedAccount(s, inbox, name)

const call = (who: SignedUp, method: string, path: string, body?: unknown) => s.request(method, `/api${path}`, { token: who.accessToken, body })

const invite = (who: SignedUp, projectId: string, email: string) => inviteViewer(s, inbox, who, projectId, email)

const rowsFor = async (email: string) => (await s.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM project_members WHERE email = $1', [email]))[0].n

describe('retention of invitations', () => {
  it('an invitation nobody accepts is deleted once long expired, as its audit entry is', async () => {
    await server()
    const olga = await account('Olga Owner')
    const project = await newProject(s, olga.accessToken)
    await invite(olga, project.id, 'never.answers@example.com')
    // Two years on, past the 7-day expiry and AUDIT_RETENTION_DAYS alike.
    now += 2 * 365 * DAY
    await s.app.retention.tick()
    const [{ n: audited }] = await s.db.query<{ n: number }>(
      `SELECT count(*)::integer AS n FROM audit_log WHERE details->>'email' = 'never.answers@example.com'`,
    )
    expect(audited).toBe(0)
    expect(await rowsFor('never.answers@example.com')).toBe(0)
  })

  it('an expired invitation stays listed, and may be resent, for 30 days after its expiry; then it goes, and the address may be invited anew', async () => {
    await server()
    const olga = await account('Olga Owner')
    const bob = await account('Bob Builder')
    const project = await newProject(s, olga.accessToken)
    await addMember(s, project.id, bob, 'developer')
    const late = await invite(olga, project.id, 'late.reader@example.com')
    const gone = await invite(olga, project.id, 'gone.reader@example.com')

    // 7 days to expire, then 29 more: both still there.
    now += (7 + 29) * DAY
    await s.app.retention.tick()
    expect(await rowsFor('late.reader@example.com')).toBe(1)
    expect(await rowsFor('gone.reader@example.com')).toBe(1)
    const listed = (await call(olga, 'GET', `/manage/dapp/${project.id}/members`)).body as Array<{ id: string }>
    expect(listed.map((m) => m.id)).toEqual(expect.arrayContaining([late, gone]))
    const resent = await call(olga, 'POST', `/manage/dapp/${project.id}/members/${late}/resend`)
    expect(resent.status, resent.text).toBe(200)
    await mailedCode(inbox, 'late.reader@example.com')

    // Two days more: the one not resent expired over 30 days ago and goes; the resent one and the member stay.
    now += 2 * DAY
    await s.app.retention.tick()
    expect(await rowsFor('gone.reader@example.com')).toBe(0)
    expect(await rowsFor('late.reader@example.com')).toBe(1)
    expect(await rowsFor(bob.email)).toBe(1)
    const after = (await call(olga, 'GET', `/manage/dapp/${project.id}/members`)).body as Array<{ id: string }>
    expect(after.map((m) => m.id)).not.toContain(gone)
    await invite(olga, project.id, 'gone.reader@example.com')
  })
})
