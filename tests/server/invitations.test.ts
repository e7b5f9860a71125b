/**
 * Invitations by e-mail, through a real SMTP sink: the mail, single use, the
 * 7-day expiry (on the app's clock), one 400 for every refused code, only the
 * invited address's account, resending an expired one, revoking, the limits.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app'
import type { AppOverrides } from '../../server/config'
import type { Database } from '../../server/db/index'
import { invitationMail } from '../../server/resources/members/mail'
import { INVITATION_REFUSED } from '../../server/resources/members/operations'
import { projects } from '../../src/i18n/en/projects'
import { startInbox, type Inbox } from '../support/smtp'
import { createTestServer, deviceToken, newProject, signUp, uniqueEmail, type SignedUp, type TestServer } from './harness'
import { addMember, mailedCode, verifyEmail } from './teams'

const DAY = 86_400_000
const SERVICE_TOKEN = 'a-long-random-service-token-for-invitations'
let inbox: Inbox
let s: TestServer
/** The servers this test started: a test that starts none must not close the last one's again. */
const started: TestServer[] = []
let now = Date.now()
let owner: SignedUp
let project: Awaited<ReturnType<typeof newProject>>

beforeAll(async () => {
  inbox = await startInbox()
})
afterAll(async () => {
  await inbox.close()
})
afterEach(async () => {
  for (const running of started.splice(0)) await running.close()
})

async function server(config: AppOverrides = {}) {
  now = Date.now()
  s = await createTestServer({
    clock: () => now,
    config: { serviceToken: SERVICE_TOKEN, ...config, mail: { smtpUrl: inbox.url, productName: 'Acme Developers' } },
  })
  started.push(s)
  owner = await signUp(s, { name: 'Olga Owner' })
  await inbox.next(owner.email)
  await verifyEmail(s, owner)
  project = await newProject(s, owner.accessToken, { name: 'Weather app' })
}

/** An account for `email`, its verification mail taken so later waits see only the invitation. */
async function account(email = uniqueEmail('invitee')) {
  const a = await signUp(s, { email, name: 'Ivy Invitee' })
  await inbox.next(email)
  return a
}

const invite = (body: object, who = owner) => s.request('POST', `/api/manage/dapp/${project.id}/members`, { token: who.accessToken, body })
const accept = (code: string, who: SignedUp) => s.request('POST', '/api/invitations/accept', { token: who.accessToken, body: { code } })

describe('an invitation', () => {
  it('is mailed with a single-use code that only the invited address can accept, which verifies it', async () => {
    await server()
    const email = uniqueEmail('invitee')
    const res = await invite({ email, role: 'developer' })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({
      id: expect.stringMatching(/^mem_/),
      email,
      role: 'developer',
      status: 'invited',
      expiresAt: new Date(now + 7 * DAY).toISOString(),
    })
    const mail = await mailedCode(inbox, email)
    expect(mail.subject).toBe('You are invited to a project — Acme Developers')
    expect(mail.text).toContain(
      'Someone on Acme Developers who gave their name as "Olga Owner" invited you to their project named "Weather app", as developer.',
    )
    expect(mail.subject).not.toContain(mail.code)
    // Stored hashed: the code is in no row.
    expect(JSON.stringify(await s.db.query('SELECT * FROM project_members'))).not.toContain(mail.code)
    expect(s.logs.join('\n')).not.toContain(mail.code)

    const someoneElse = await account()
    const refused = await accept(mail.code, someoneElse)
    expect(refused.status).toBe(400)
    expect(refused.body.message).toBe(INVITATION_REFUSED)

    const invitee = await account(email)
    expect((await s.request('GET', '/api/me', { token: invitee.accessToken })).body.emailVerified).toBe(false)
    const joined = await accept(mail.code, invitee)
    expect(joined.status).toBe(200)
    expect(joined.body).toEqual({ projectId: project.id, role: 'developer' })
    expect((await s.request('GET', '/api/me', { token: invitee.accessToken })).body.emailVerified).toBe(true)
    expect((await s.request('GET', `/api/manage/dapp/${project.id}`, { token: invitee.accessToken })).body.role).toBe('developer')

    // Used: the same 400, for the invitee too.
    const again = await accept(mail.code, invitee)
    expect([again.status, again.body.message]).toEqual([400, INVITATION_REFUSED])
    const members = await s.request('GET', `/api/manage/dapp/${project.id}/members`, { token: invitee.accessToken })
    expect(members.body.map((m: { email: string; status: string }) => [m.email, m.status])).toEqual([
      [owner.email, 'active'],
      [email, 'active'],
    ])
  })

  it('names the project and its inviter as they were when it was made, even if the project is deleted the moment it commits', async () => {
    await server()
    const email = uniqueEmail('invitee')
    // The app's database, with the owner deleting the project as soon as the transaction that invited `email` has committed.
    let deleted = false
    const db: Database = {
      ...s.db,
      async transaction(work) {
        const done = await s.db.transaction(work)
        const invited = await s.db.query('SELECT 1 FROM project_members WHERE email = $1', [email])
        if (!deleted && invited.length > 0) deleted = (await s.request('DELETE', `/api/manage/dapp/${project.id}`, { token: owner.accessToken })).status === 204
        return done
      },
    }
    const app = createApp({ db, log: () => undefined, config: { mail: { smtpUrl: inbox.url, productName: 'Acme Developers' } } })
    try {
      const res = await app.request(`/api/manage/dapp/${project.id}/members`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${owner.accessToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, role: 'viewer' }),
      })
      expect([res.status, deleted]).toEqual([201, true])
      expect((await mailedCode(inbox, email)).text).toContain(
        'who gave their name as "Olga Owner" invited you to their project named "Weather app", as viewer.',
      )
    } finally {
      await app.close()
    }
  })

  it('can be accepted by an account of the host’s sign-in, whose address the provider gave', async () => {
    await server()
    const email = uniqueEmail('hosted')
    expect((await invite({ email, role: 'developer' })).status).toBe(201)
    const { code } = await mailedCode(inbox, email)
    const session = await s.request('POST', '/api/sessions', {
      headers: { Authorization: `Bearer ${SERVICE_TOKEN}` },
      body: { externalId: 'host-user-7', email, name: 'Hosted Hana' },
    })
    const device = await deviceToken(s)
    const exchanged = await s.request('POST', '/api/auth/exchange', { token: device, body: { code: session.body.code } })
    expect(exchanged.status).toBe(200)
    const hosted = { accessToken: exchanged.body.accessToken } as SignedUp
    const joined = await accept(code, hosted)
    expect(joined.body).toEqual({ projectId: project.id, role: 'developer' })
    const members = await s.request('GET', `/api/manage/dapp/${project.id}/members`, { token: hosted.accessToken })
    expect(members.body[1]).toMatchObject({ name: 'Hosted Hana', email, status: 'active', role: 'developer' })
  })

  it("without INVITATION_URL, says where in the portal its code is entered, by the widget's English button texts", () => {
    const { text, html } = invitationMail({ to: 'a@example.com', product: 'P', inviter: 'I', project: 'J', role: 'viewer', code: 'C0DE' })
    // The mail's copy of two widget texts (the server may not import the widget): read from its catalog, so a
    // change of either button's text fails here until the mail says it too.
    const button = { add: projects['projects.add'].replace(/^\+ /, ''), haveCode: projects['projects.haveCode'] }
    for (const part of [text, html.replaceAll('&#34;', '"').replaceAll('&quot;', '"')]) {
      expect(part).toContain(`choose "${button.haveCode}" beside "${button.add}", and enter this code`)
    }
  })

  it('carries a link when the host sets INVITATION_URL', async () => {
    await server({ invitationUrl: 'https://developers.example.com/portal#/invitations/accept' })
    const email = uniqueEmail('linked')
    expect((await invite({ email, role: 'viewer' })).status).toBe(201)
    const mail = await mailedCode(inbox, email)
    expect(mail.text).toContain(`https://developers.example.com/portal#/invitations/accept?code=${mail.code}`)
    expect(mail.html).toContain('Accept the invitation')
  })

  // The widget reads the code in the route's own query: after a page's query, a bare `&code=` made it part of the route's name.
  it('puts the code where the widget reads it, whatever query the page of INVITATION_URL has', async () => {
    await server({ invitationUrl: 'https://developers.example.com/portal?lang=en#/invitations/accept' })
    const email = uniqueEmail('queried')
    expect((await invite({ email, role: 'viewer' })).status).toBe(201)
    const mail = await mailedCode(inbox, email)
    expect(mail.text).toContain(`https://developers.example.com/portal?lang=en#/invitations/accept?code=${mail.code}\n`)
    const link = (url: string) => invitationMail({ to: email, product: 'P', inviter: 'I', project: 'J', role: 'viewer', code: 'C0DE', url }).text
    // A host's own page (invitation-url): the page's query, before a fragment that is no route.
    expect(link('https://developers.example.com/accept?lang=en#top')).toContain('https://developers.example.com/accept?lang=en&code=C0DE#top\n')
    expect(link('https://developers.example.com/accept#top')).toContain('https://developers.example.com/accept?code=C0DE#top\n')
    expect(link('https://developers.example.com/portal#/invitations/accept?x=1')).toContain(
      'https://developers.example.com/portal#/invitations/accept?x=1&code=C0DE\n',
    )
  })

  it('expires after 7 days with the same 400, and can be resent without being deleted', async () => {
    // Sessions that outlive the 7 days the clock moves on (they expire on the app's clock too).
    await server({ accessTokenTtlSeconds: 8 * 86_400 })
    const email = uniqueEmail('late')
    const invited = await invite({ email, role: 'viewer' })
    const first = await mailedCode(inbox, email)
    const invitee = await account(email)
    now += 7 * DAY + 1000
    const late = await accept(first.code, invitee)
    expect([late.status, late.body.message]).toEqual([400, INVITATION_REFUSED])

    const resent = await s.request('POST', `/api/manage/dapp/${project.id}/members/${invited.body.id}/resend`, { token: owner.accessToken })
    expect(resent.status).toBe(200)
    expect(resent.body).toMatchObject({ id: invited.body.id, status: 'invited', expiresAt: new Date(now + 7 * DAY).toISOString() })
    const second = await mailedCode(inbox, email)
    expect(second.code).not.toBe(first.code)
    expect((await accept(first.code, invitee)).status).toBe(400)
    expect((await accept(second.code, invitee)).status).toBe(200)
    // A member is no invitation to resend.
    expect((await s.request('POST', `/api/manage/dapp/${project.id}/members/${invited.body.id}/resend`, { token: owner.accessToken })).status).toBe(409)
  })

  it('resent by another admin, is theirs: their name in the mail and the list, and revoked with their access', async () => {
    await server()
    const ada = await signUp(s, { email: uniqueEmail('ada'), name: 'Ada Admin' })
    await inbox.next(ada.email)
    const adaId = await addMember(s, project.id, ada, 'admin')
    const email = uniqueEmail('resent')
    const invited = await invite({ email, role: 'viewer' })
    expect((await mailedCode(inbox, email)).text).toContain('who gave their name as "Olga Owner"')
    const resent = await s.request('POST', `/api/manage/dapp/${project.id}/members/${invited.body.id}/resend`, { token: ada.accessToken })
    expect(resent.status).toBe(200)
    const mail = await mailedCode(inbox, email)
    expect(mail.text).toContain('who gave their name as "Ada Admin"')
    const invitee = await account(email)
    await verifyEmail(s, invitee)
    const listed = await s.request('GET', '/api/invitations', { token: invitee.accessToken })
    expect(listed.body.invitations.map((i: { inviter: { name: string } }) => i.inviter.name)).toEqual(['Ada Admin'])
    // Ada, no longer an admin, must not leave a code she mailed working (to an address of her own, say).
    expect(
      (await s.request('PATCH', `/api/manage/dapp/${project.id}/members/${adaId}`, { token: owner.accessToken, body: { role: 'developer' } })).status,
    ).toBe(200)
    expect([(await accept(mail.code, invitee)).status, (await s.request('GET', '/api/invitations', { token: invitee.accessToken })).body.invitations]).toEqual([
      400,
      [],
    ])
  })

  it('revoked, or never issued, answers the same 400', async () => {
    await server()
    const email = uniqueEmail('revoked')
    const invited = await invite({ email, role: 'admin' })
    const mail = await mailedCode(inbox, email)
    expect((await s.request('DELETE', `/api/manage/dapp/${project.id}/members/${invited.body.id}`, { token: owner.accessToken })).status).toBe(200)
    const invitee = await account(email)
    const revoked = await accept(mail.code, invitee)
    const unknown = await accept('fxi_not-a-code-anyone-was-sent', invitee)
    expect([revoked.status, unknown.status]).toEqual([400, 400])
    expect(revoked.text).toBe(unknown.text)
  })

  it('answers 409 for an address already a member or invited, and beyond MEMBER_LIMIT', async () => {
    await server({ memberLimit: 3 })
    expect((await invite({ email: owner.email, role: 'viewer' })).status).toBe(409)
    const email = uniqueEmail('twice')
    expect((await invite({ email, role: 'viewer' })).status).toBe(201)
    const twice = await invite({ email: email.toUpperCase(), role: 'admin' })
    expect(twice.status).toBe(409)
    expect(twice.body.message).toMatch(/already invited/)
    expect((await invite({ email: uniqueEmail('third'), role: 'viewer' })).status).toBe(201)
    const full = await invite({ email: uniqueEmail('fourth'), role: 'viewer' })
    expect(full.status).toBe(409)
    expect(full.body.message).toBe('This project already has 3 members and invitations, the most it can have.')
  })

  it('refuses a bad address or role with a clear 400, and counts invitations against a per-user budget', async () => {
    await server({ rateLimit: { invitationsPerUser: 2 } })
    expect((await invite({ email: 'not an address', role: 'viewer' })).body.message).toBe('Enter a valid e-mail address.')
    expect((await invite({ email: uniqueEmail(), role: 'owner' })).body.message).toBe('role must be admin, developer or viewer.')
    expect((await invite({ email: uniqueEmail(), role: 'viewer' })).status).toBe(201)
    expect((await invite({ email: uniqueEmail(), role: 'viewer' })).status).toBe(201)
    const over = await invite({ email: uniqueEmail(), role: 'viewer' })
    expect(over.status).toBe(429)
    expect(over.headers.get('retry-after')).toMatch(/^\d+$/)
  })
})
