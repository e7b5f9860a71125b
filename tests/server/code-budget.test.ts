/**
 * Wrong codes are counted per account over every code it is sent and every
 * client address: past WRONG_CODES, a reset or a verification answers 429
 * with Retry-After and does not look at the code. A reset for an address
 * without an account answers exactly as one for an account.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { CODE_REFUSED } from '../../server/resources/accounts/messages'
import { WRONG_CODES, WRONG_CODES_WINDOW_SECONDS } from '../../server/resources/accounts/codes'
import { startInbox, type Inbox } from '../support/smtp'
import { createTestServer, deviceToken, signUp, uniqueEmail, type TestServer } from './harness'

const NEW_PASSWORD = 'a brand new passphrase'
const TOO_MANY = /^Too many wrong codes were entered for this account\. For its safety, codes are not checked for (30|29) days\.$/

let inbox: Inbox
let s: TestServer | undefined
beforeAll(async () => {
  inbox = await startInbox()
})
afterAll(async () => {
  await inbox.close()
})
afterEach(async () => {
  await s?.close()
  s = undefined
})

async function server() {
  s = await createTestServer({ config: { trustProxy: true, mail: { smtpUrl: inbox.url, productName: 'Acme Developers' } } })
  return s
}

let client = 0
/** A call from a client address of its own each time: the budget is the account's, not an address's. */
const fromAnywhere = async (path: string, body: object, token?: string) =>
  s!.request('POST', path, { token: token ?? (await deviceToken(s!)), body, headers: { 'X-Forwarded-For': `198.51.100.${(++client % 250) + 1}` } })
const forgot = (email: string) => fromAnywhere('/api/auth/password/forgot', { email })
const reset = (email: string, code: string) => fromAnywhere('/api/auth/password/reset', { email, code, password: NEW_PASSWORD })
const wrongFor = (code: string) => (code === '0000000000' ? '1111111111' : '0000000000')
const triesOf = async (userId: string, purpose: string) =>
  (await s!.db.query<{ tries: number }>('SELECT tries FROM account_codes WHERE user_id = $1 AND purpose = $2', [userId, purpose]))[0]?.tries

/** What a caller sees: status, body and Retry-After (rounded to the day: the window's end moves with the clock). */
const seen = (res: Awaited<ReturnType<TestServer['request']>>) => ({
  status: res.status,
  body: res.body,
  retryAfterDays: res.headers.get('retry-after') === null ? null : Math.round(Number(res.headers.get('retry-after')) / 86_400),
})

describe('the budget of wrong reset codes', () => {
  it(`judges ${WRONG_CODES} wrong codes over several codes and addresses, then answers 429 without looking at the right one`, async () => {
    await server()
    const a = await signUp(s!)
    await inbox.next(a.email) // the verification mail of sign-up
    let code = ''
    for (let sent = 0; sent < WRONG_CODES; sent++) {
      // A new code every 5 tries (the fifth wrong one burns a code): the budget spans codes.
      if (sent % 5 === 0) {
        expect((await forgot(a.email)).status).toBe(202)
        code = await inbox.code(a.email)
      }
      const res = await reset(a.email, wrongFor(code))
      expect(res, `wrong code ${sent + 1}`).toMatchObject({ status: 400, body: { message: CODE_REFUSED } })
    }
    expect((await forgot(a.email)).status).toBe(202)
    code = await inbox.code(a.email)
    const refused = await reset(a.email, code)
    expect(refused.status).toBe(429)
    expect(refused.body.message).toMatch(TOO_MANY)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(WRONG_CODES_WINDOW_SECONDS - 3600)
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(WRONG_CODES_WINDOW_SECONDS)
    // The code was not looked at: no try counted, and the password is unchanged.
    expect(await triesOf(a.user.id, 'reset')).toBe(0)
    const logIn = await s!.request('POST', '/api/auth/authenticate', { token: await deviceToken(s!), body: { email: a.email, password: a.password } })
    expect(logIn.status).toBe(200)
  }, 60_000)

  it('right codes do not count against it', async () => {
    await server()
    const a = await signUp(s!)
    await inbox.next(a.email)
    for (let round = 0; round < 3; round++) {
      expect((await forgot(a.email)).status).toBe(202)
      const code = await inbox.code(a.email)
      for (let i = 0; i < 4; i++) expect((await reset(a.email, wrongFor(code))).status).toBe(400)
      expect((await reset(a.email, code)).status).toBe(200)
    }
    // 12 wrong codes so far: 8 more are judged, the next is refused.
    for (let i = 0; i < WRONG_CODES - 12; i++) expect((await reset(a.email, '1234567890')).status).toBe(400)
    expect((await reset(a.email, '1234567890')).status).toBe(429)
  }, 60_000)

  it('answers an address without an account exactly as one with an account, code by code, past the budget too', async () => {
    await server()
    const a = await signUp(s!)
    await inbox.next(a.email)
    expect((await forgot(a.email)).status).toBe(202)
    await inbox.code(a.email)
    const unknown = uniqueEmail('nobody')
    expect((await forgot(unknown)).status).toBe(202)
    for (let i = 0; i <= WRONG_CODES + 1; i++) {
      const guess = String(1_000_000_000 + i)
      const known = seen(await reset(a.email, guess))
      const other = seen(await reset(unknown, guess))
      expect(other, `guess ${i + 1}`).toEqual(known)
      expect(known.status).toBe(i < WRONG_CODES ? 400 : 429)
    }
  }, 60_000)
})

describe('the budget of wrong verification codes', () => {
  it(`judges ${WRONG_CODES} wrong codes, then answers 429 without looking at the right one; the address stays unverified`, async () => {
    await server()
    const a = await signUp(s!)
    let code = await inbox.code(a.email)
    const verify = (c: string) => fromAnywhere('/api/auth/email/verify', { code: c }, a.accessToken)
    for (let sent = 0; sent < WRONG_CODES; sent++) {
      if (sent > 0 && sent % 5 === 0) {
        expect((await s!.request('POST', '/api/auth/email/verify/send', { token: a.accessToken })).status).toBe(202)
        code = await inbox.code(a.email)
      }
      expect((await verify(wrongFor(code))).status, `wrong code ${sent + 1}`).toBe(400)
    }
    expect((await s!.request('POST', '/api/auth/email/verify/send', { token: a.accessToken })).status).toBe(202)
    code = await inbox.code(a.email)
    const refused = await verify(code)
    expect(refused.status).toBe(429)
    expect(refused.body.message).toMatch(TOO_MANY)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await triesOf(a.user.id, 'verify')).toBe(0)
    expect((await s!.request('GET', '/api/me', { token: a.accessToken })).body.emailVerified).toBe(false)
  }, 60_000)

  it('is the account’s own: another account’s verification is still judged', async () => {
    await server()
    const a = await signUp(s!)
    await inbox.next(a.email)
    for (let i = 0; i <= WRONG_CODES; i++) await fromAnywhere('/api/auth/email/verify', { code: '1234567890' }, a.accessToken)
    expect((await fromAnywhere('/api/auth/email/verify', { code: '1234567890' }, a.accessToken)).status).toBe(429)
    const b = await signUp(s!)
    const code = await inbox.code(b.email)
    expect((await fromAnywhere('/api/auth/email/verify', { code }, b.accessToken)).status).toBe(200)
  }, 60_000)
})
