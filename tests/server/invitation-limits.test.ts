/**
 * Invitations a spammer cannot use: only a verified address invites;
 * invitation mail has a budget a day per invited address (from every project
 * together) and per inviter, which revoking does not give back; and the names
 * an inviter chose reach the mail inert, quoted in the portal's own sentence.
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { AppOverrides } from '../../server/config'
import { addressSpent, inviterSpent, VERIFY_TO_INVITE } from '../../server/resources/members/invitation-limits'
import { inboxForFile } from '../support/smtp'
import { createTestServer, newProject, signUp, uniqueEmail, type SignedUp, type TestServer } from './harness'
import { mailedCode, verifyEmail } from './teams'

const inbox = inboxForFile()
let s: TestServer
let owner: SignedUp
/** The code of the owner's sign-up verification mail. */
let ownerCode: string

afterEach(async () => {
  await s?.close()
})

async function server(config: AppOverrides = {}) {
  s = await createTestServer({ config: { ...config, mail: { smtpUrl: inbox.url, productName: 'Acme Developers' } } })
  owner = await signUp(s, { name: 'Olga Owner' })
  ownerCode = await inbox.code(owner.email)
}

const invite = (projectId: string, email: string, who = owner) =>
  s.request('POST', `/api/manage/dapp/${projectId}/members`, { token: who.accessToken, body: { email, role: 'viewer' } })
const revoke = (projectId: string, memberId: string, who = owner) =>
  s.request('DELETE', `/api/manage/dapp/${projectId}/members/${memberId}`, { token: who.accessToken })
const resend = (projectId: string, memberId: string, who = owner) =>
  s.request('POST', `/api/manage/dapp/${projectId}/members/${memberId}/resend`, { token: who.accessToken })
const emails = async (projectId: string) =>
  (await s.request('GET', `/api/manage/dapp/${projectId}/members`, { token: owner.accessToken })).body.map((m: { email: string }) => m.email)

/** A 429 with a Retry-After within a day's window, and the message its wait makes. */
function refusedForTheDay(res: Awaited<ReturnType<typeof invite>>, message: (retryAfter: number) => string) {
  expect(res.status, res.text).toBe(429)
  const retryAfter = Number(res.headers.get('retry-after'))
  expect(retryAfter).toBeGreaterThan(3600)
  expect(retryAfter).toBeLessThanOrEqual(86_400)
  expect(res.body.message).toBe(message(retryAfter))
}

describe('inviting', () => {
  it('needs a verified address: 403 saying so and nothing invited, then works once the mailed code is entered', async () => {
    await server()
    const p = await newProject(s, owner.accessToken)
    const email = uniqueEmail('early')
    const refused = await invite(p.id, email)
    expect([refused.status, refused.body.message]).toEqual([403, VERIFY_TO_INVITE])
    expect(await emails(p.id)).toEqual([owner.email])

    expect((await s.request('POST', '/api/auth/email/verify', { token: owner.accessToken, body: { code: ownerCode } })).status).toBe(200)
    const invited = await invite(p.id, email)
    expect(invited.status).toBe(201)
    await mailedCode(inbox, email)
    // Resending needs it too: an address that is no longer verified (changed since) cannot.
    await s.db.query('UPDATE users SET email_verified_at = NULL WHERE id = $1', [owner.user.id])
    expect((await resend(p.id, invited.body.id)).body.message).toBe(VERIFY_TO_INVITE)
  })

  it('sends one address at most 3 invitations a day from every project together: revoking gives none back, the 4th answers 429', async () => {
    await server()
    await verifyEmail(s, owner)
    const other = await signUp(s, { name: 'Otto Other' })
    await verifyEmail(s, other)
    const [mine, theirs] = [await newProject(s, owner.accessToken), await newProject(s, other.accessToken)]
    const target = uniqueEmail('target')
    for (let i = 0; i < 2; i++) {
      const invited = await invite(mine.id, target)
      expect(invited.status).toBe(201)
      await mailedCode(inbox, target)
      expect((await revoke(mine.id, invited.body.id)).status).toBe(200)
    }
    const third = await invite(theirs.id, target, other)
    expect(third.status).toBe(201)
    await mailedCode(inbox, target)

    refusedForTheDay(await invite(mine.id, target), (wait) => addressSpent(3, wait))
    refusedForTheDay(await resend(theirs.id, third.body.id, other), (wait) => addressSpent(3, wait))
    expect(await emails(mine.id)).toEqual([owner.email])
    // Other addresses are not held up.
    expect((await invite(mine.id, uniqueEmail('another'))).status).toBe(201)
  })

  it('lets one inviter send RATE_LIMIT_INVITATIONS_PER_USER invitations a day, resends included, and revoking gives none back', async () => {
    await server({ rateLimit: { invitationsPerUser: 3 } })
    await verifyEmail(s, owner)
    const p = await newProject(s, owner.accessToken)
    const first = await invite(p.id, uniqueEmail('first'))
    expect(first.status).toBe(201)
    expect((await resend(p.id, first.body.id)).status).toBe(200)
    expect((await revoke(p.id, first.body.id)).status).toBe(200)
    expect((await invite(p.id, uniqueEmail('second'))).status).toBe(201)

    refusedForTheDay(await invite(p.id, uniqueEmail('third')), (wait) => inviterSpent(3, wait))
    // Another inviter has a budget of their own.
    const other = await signUp(s)
    await verifyEmail(s, other)
    expect((await invite((await newProject(s, other.accessToken)).id, uniqueEmail('theirs'), other)).status).toBe(201)
  })
})

describe('the invitation mail', () => {
  /** Whatever a mail client would make a link of: a scheme, www., a domain, an e-mail address. */
  const LINKISH = [/[a-z][\w+.-]*:\/\//i, /\bwww\./i, /[\p{L}\p{N}-]+\.[\p{L}\p{N}-]{2,}/u, /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]/u]
  const WORD_JOINER = /\u2060/g
  /** The text an HTML part shows: no tags, entities read. */
  const shown = (html: string) =>
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&')

  it("shows the inviter's and project's names as text no mail client links, quoted in the portal's sentence", async () => {
    await server()
    await verifyEmail(s, owner)
    expect((await s.request('PATCH', '/api/me', { token: owner.accessToken, body: { name: 'Support support@evil.test' } })).status).toBe(200)
    const p = await newProject(s, owner.accessToken, { name: 'Account suspended! Restore: https://evil.test/r or www.evil.test' })
    const email = uniqueEmail('target')
    expect((await invite(p.id, email)).status).toBe(201)
    const mail = await mailedCode(inbox, email)

    for (const text of [mail.text, shown(mail.html)]) {
      for (const pattern of LINKISH) expect(text).not.toMatch(pattern)
      // What the reader sees is the names as given, inside the portal's words.
      expect(text.replace(WORD_JOINER, '')).toContain(
        'Someone on Acme Developers who gave their name as "Support support@evil.test" invited you to their project named ' +
          '"Account suspended! Restore: https://evil.test/r or www.evil.test", as viewer.',
      )
    }
    // In the HTML part each name is escaped text in an element of its own.
    expect(mail.html).toMatch(/named "<span[^>]*>Account suspended! Restore[^<]*<\/span>"/)
  })
})
