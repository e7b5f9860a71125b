/** How long a mailed code lasts, as its mail and the call's answer say it: never longer than it does. */
import { afterEach, describe, expect, it } from 'vitest'
import { inboxForFile } from '../support/smtp'
import { createTestServer, signUp, type TestServer } from './harness'

const inbox = inboxForFile()
let s: TestServer | undefined
afterEach(async () => {
  await s?.close()
  s = undefined
})

describe('a mailed code’s lifetime', () => {
  it.each([
    [60, '1 minute'],
    [90, '1 minute'],
    [150, '2 minutes'],
    [900, '15 minutes'],
  ])('CODE_TTL_SECONDS %i: “%s”, in the mail and the answer', async (codeTtlSeconds, lifetime) => {
    s = await createTestServer({ config: { codeTtlSeconds, mail: { smtpUrl: inbox.url } } })
    const a = await signUp(s)
    await inbox.next(a.email)
    const sent = await s.request('POST', '/api/auth/email/verify/send', { token: a.accessToken })
    expect(sent.status, sent.text).toBe(202)
    expect(sent.body.message).toBe(`A new code is on its way to ${a.email}. It works for ${lifetime}.`)
    expect((await inbox.next(a.email)).text).toContain(`It works once, for ${lifetime}.`)
  })
})
