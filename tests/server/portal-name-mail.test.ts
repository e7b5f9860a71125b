import { afterEach, describe, expect, it } from 'vitest'
import { inboxForFile } from '../support/smtp'
import { createTestServer, signUp, type TestServer } from './harness'

const inbox = inboxForFile()
let s: TestServer | undefined
afterEach(async () => {
  await s?.close()
  s = undefined
})

// createApp({ config }) takes PORTAL_NAME as portalName, as readConfig() does:
// the mails must name that portal, not the default one.
describe("the portal's name in its mails", () => {
  it('mails under portalName (From:, subject and text) when the mail settings do not name the product', async () => {
    s = await createTestServer({ config: { portalName: 'Acme Developers', mail: { smtpUrl: inbox.url } } })
    const { email } = await signUp(s)
    const mail = await inbox.next(email)
    expect(mail.from?.value).toEqual([{ name: 'Acme Developers', address: 'no-reply@localhost' }])
    expect(mail.subject).toMatch(/ — Acme Developers$/)
    expect(mail.text).toContain('— Acme Developers')
    expect(`${mail.subject} ${mail.text} ${mail.html}`).not.toContain('Flex Portal')
  })

  // Unquoted, ":" made From: a group, "( )" a comment dropped, ";" a second address.
  it.each(['Acme: Developers', 'Acme (beta)', 'Acme; Developers', 'Acme "Dev" \\ Portal'])('mails under %j as written', async (portalName) => {
    s = await createTestServer({ config: { portalName, mail: { smtpUrl: inbox.url } } })
    const { email } = await signUp(s)
    const mail = await inbox.next(email)
    expect(mail.from?.value).toEqual([{ name: portalName, address: 'no-reply@localhost' }])
  })

  it('keeps a sender and product the mail settings name themselves', async () => {
    s = await createTestServer({
      config: { portalName: 'Acme Developers', mail: { smtpUrl: inbox.url, from: 'Acme <portal@acme.example>', productName: 'Acme Cloud' } },
    })
    const { email } = await signUp(s)
    const mail = await inbox.next(email)
    expect(mail.from?.value).toEqual([{ name: 'Acme', address: 'portal@acme.example' }])
    expect(mail.subject).toMatch(/ — Acme Cloud$/)
  })
})
