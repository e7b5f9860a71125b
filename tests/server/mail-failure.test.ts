/** What the log says of a mail that could not be sent (server/mail): its codes, never the reply that names the address. */
import { describe, expect, it } from 'vitest'
import { mailFailure } from '../../server/mail/index'

describe('a mail failure in the log', () => {
  it("keeps the error's code and the SMTP reply's code, never its message, which the mail library fills with the reply", () => {
    const rejected = Object.assign(new Error("Can't send mail - all recipients were rejected: 550 5.1.1 <ada@example.com>: Recipient address rejected"), {
      code: 'EENVELOPE',
      responseCode: 550,
    })
    expect(mailFailure(rejected)).toBe('EENVELOPE, SMTP 550')
    expect(mailFailure(new TypeError('connect ECONNREFUSED ada@example.com'))).toBe('TypeError')
    expect(mailFailure('ada@example.com')).toBe('unknown error')
  })
})
