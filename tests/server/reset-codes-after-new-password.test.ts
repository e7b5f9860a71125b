/**
 * A reset code mailed before the password changed (a reset from another device, a change from a session) stops
 * working: one read by someone who has since lost the mailbox would set the password again, and end the owner's
 * sessions with it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { CODE_REFUSED } from '../../server/resources/accounts/messages'
import { startInbox, type Inbox } from '../support/smtp'
import { createTestServer, deviceToken, signUp, type SignedUp, type TestServer } from './harness'

let inbox: Inbox
let s: TestServer

beforeAll(async () => {
  inbox = await startInbox()
})
afterAll(async () => {
  await inbox.close()
})
afterEach(async () => {
  await s?.close()
})

/** A server mailing the test inbox, and an account whose sign-up mail is taken, so later waits see only newer mail. */
async function account(): Promise<SignedUp> {
  s = await createTestServer({ config: { mail: { smtpUrl: inbox.url } } })
  const a = await signUp(s)
  await inbox.next(a.email)
  return a
}

/** A reset code mailed for a browser of its own: the device token it was asked with, and the code. */
async function codeFor(email: string): Promise<{ device: string; code: string }> {
  const device = await deviceToken(s)
  expect((await s.request('POST', '/api/auth/password/forgot', { token: device, body: { email } })).status).toBe(202)
  return { device, code: await inbox.code(email) }
}

const reset = (email: string, { device, code }: { device: string; code: string }, password: string) =>
  s.request('POST', '/api/auth/password/reset', { token: device, body: { email, code, password } })

describe('a reset code mailed before the password changed', () => {
  it('is refused once the password was reset from another browser, and the owner stays signed in', async () => {
    const a = await account()
    const earlier = await codeFor(a.email)
    const owners = await codeFor(a.email)
    const done = await reset(a.email, owners, 'the owner’s new passphrase')
    expect(done.status).toBe(200)

    const late = await reset(a.email, earlier, 'someone else’s passphrase')
    expect(late.status).toBe(400)
    expect(late.body.message).toBe(CODE_REFUSED)
    expect((await s.request('GET', '/api/me', { token: done.body.accessToken })).status).toBe(200)
  })

  it('is refused once the password was changed, and the session that changed it stays', async () => {
    const a = await account()
    const earlier = await codeFor(a.email)
    const body = { currentPassword: a.password, newPassword: 'the owner’s new passphrase' }
    expect((await s.request('POST', '/api/me/password', { token: a.accessToken, body })).status).toBe(204)

    const late = await reset(a.email, earlier, 'someone else’s passphrase')
    expect(late.status).toBe(400)
    expect(late.body.message).toBe(CODE_REFUSED)
    expect((await s.request('GET', '/api/me', { token: a.accessToken })).status).toBe(200)
  })
})
