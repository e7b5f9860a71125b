/**
 * SMTP_URL's `smtp://` in production (server/mail): to another machine a mail goes only over TLS, so a relay that
 * offers no STARTTLS (or a path that strips the offer) gets neither the password nor the code; a relay on this
 * machine, and an SMTP_URL that says requireTLS=false, send as before. The test's relay offers no STARTTLS.
 */
import { describe, expect, it } from 'vitest'
import { readConfig } from '../../server/config'
import { createMailer, tlsRequired } from '../../server/mail/index'
import { inboxForFile } from '../support/smtp'

const inbox = inboxForFile()
const log = () => {}
// 0.0.0.0 reaches this machine's listeners as 127.0.0.1 does (on Linux), but is no loopback name: it stands for
// a relay on another machine, whose address the mailer cannot tell apart from a real one.
const elsewhere = () => inbox.url.replace('@127.0.0.1:', '@0.0.0.0:')
const mail = (to: string) => ({ to, subject: 'Your code', text: 'Your code is 0123456789.', html: '<p>Your code is 0123456789.</p>' })
const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://u:p@db:5432/flex', SERVICE_TOKEN: 'a-service-token-of-some-length' }

describe('mail through smtp:// in production', () => {
  it('requires TLS in production only', () => {
    const smtpUrl = 'smtp://u:p@mail.example.com:587'
    expect(readConfig({ ...production, SECRET_ENCRYPTION_KEY: '00'.repeat(32), SMTP_URL: smtpUrl }).mail.requireTls).toBe(true)
    expect(readConfig({ SMTP_URL: smtpUrl }).mail.requireTls).toBe(false)
    expect(tlsRequired({ smtpUrl, requireTls: true })).toBe(true)
    expect(tlsRequired({ smtpUrl: 'smtps://u:p@mail.example.com:465', requireTls: true })).toBe(false) // TLS from the start
    for (const host of ['localhost', '127.0.0.1', '[::1]']) expect(tlsRequired({ smtpUrl: `smtp://${host}:25`, requireTls: true })).toBe(false)
    expect(tlsRequired({ smtpUrl: `${smtpUrl}?requireTLS=false`, requireTls: true })).toBe(false)
    expect(tlsRequired({ smtpUrl: `${smtpUrl}?requireTLS=true`, requireTls: false })).toBe(true)
  })

  it('sends nothing to a relay elsewhere that offers no STARTTLS: the send fails, no mail arrives', async () => {
    const mailer = createMailer({ smtpUrl: elsewhere(), from: 'portal@example.com', productName: 'P', disabled: false, requireTls: true }, log)!
    await expect(mailer.send(mail('tls-required@example.com'))).rejects.toMatchObject({ code: 'ETLS' })
    expect(inbox.mails.filter((m) => m.subject === 'Your code' && m.text?.includes('0123456789'))).toEqual([])
  })

  it('sends as before outside production, to a relay on this machine, and where SMTP_URL says requireTLS=false', async () => {
    const sent = async (smtpUrl: string, requireTls: boolean, to: string) => {
      await createMailer({ smtpUrl, from: 'portal@example.com', productName: 'P', disabled: false, requireTls }, log)!.send(mail(to))
      return (await inbox.next(to)).text
    }
    expect(await sent(elsewhere(), false, 'development@example.com')).toContain('0123456789')
    expect(await sent(inbox.url, true, 'on-this-machine@example.com')).toContain('0123456789')
    expect(await sent(`${elsewhere()}?requireTLS=false`, true, 'opted-out@example.com')).toContain('0123456789')
  })
})
