/** How long a mailed code lasts, as its mail and the call's answer say it: never longer than it does. */
import { afterEach, describe, expect, it } from 'vitest'
import { inboxForFile } from '../support/smtp'
import { createTestServer, deviceToken, signUp, type TestServer } from './harness'

const inbox = inboxForFile()
let s: TestServer | undefined
afterEach(async () => {
  await s?.close()
  s = undefined
})

describe('a mailed code’s lifetime', () => {
  it.each([
    [60, '1 minute', 1],
    [90, '1 minute', 1],
    [150, '2 minutes', 2],
    [900, '15 minutes', 15],
  ])('CODE_TTL_SECONDS %i: “%s”, in the mail and the answer (in words, and in minutes for a screen to word)', async (codeTtlSeconds, lifetime, codeMinutes) => {
    s = await createTestServer({ config: { codeTtlSeconds, mail: { smtpUrl: inbox.url } } })
    const a = await signUp(s)
    await inbox.next(a.email)
    const sent = await s.request('POST', '/api/auth/email/verify/send', { token: a.accessToken })
    expect(sent.status, sent.text).toBe(202)
    expect(sent.body).toEqual({ message: `A new code is on its way to ${a.email}. It works for ${lifetime}.`, codeMinutes })
    expect((await inbox.next(a.email)).text).toContain(`It works once, for ${lifetime}.`)
    const forgot = await s.request('POST', '/api/auth/password/forgot', { token: await deviceToken(s), body: { email: a.email } })
    expect(forgot.status, forgot.text).toBe(202)
    expect(forgot.body).toEqual({ message: `If an account uses this address, a code is on its way to it. It works for ${lifetime}.`, codeMinutes })
    expect((await inbox.next(a.email)).text).toContain(`It works once, for ${lifetime}.`)
  })
})
