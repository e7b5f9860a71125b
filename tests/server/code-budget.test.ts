/**
 * What wrong codes cost (code-budget.ts): a code counts only the tries of the
 * device it was mailed for, and dies after MAX_TRIES of them; every try
 * spends the client address's budget (and its IPv6 /48's) and the account's,
 * each a day long. A stranger who knows only the address can neither burn nor
 * block the owner's fresh code. A reset for an address without an account
 * answers exactly as one for an account.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { CODE_REFUSED } from '../../server/resources/accounts/messages'
import {
  WRONG_CODES_PER_ACCOUNT,
  WRONG_CODES_PER_ADDRESS,
  WRONG_CODES_PER_SITE,
  WRONG_CODES_WINDOW_SECONDS,
  wrongCodesBucket,
} from '../../server/resources/accounts/code-budget'
import { MAX_TRIES } from '../../server/resources/accounts/codes'
import { countHits } from '../../server/security/rate-limit'
import type { AppOverrides } from '../../server/config'
import { inboxForFile } from '../support/smtp'
import { codeBrowser, NEW_PASSWORD, newAddress, type Res } from './code-browser'
import { createTestServer, deviceToken, signUp, uniqueEmail, type TestServer } from './harness'

const FROM_NETWORK = /^Too many wrong codes were entered from your network\. Try again in (24 hours|23 hours)\.$/
const FOR_ACCOUNT = /^Too many wrong codes were entered for this account\. For its safety, codes are not checked for (24 hours|23 hours)\.$/

const inbox = inboxForFile()
let s: TestServer | undefined
afterEach(async () => {
  await s?.close()
  s = undefined
})

async function server(config: AppOverrides = {}) {
  s = await createTestServer({ config: { trustProxy: true, ...config, mail: { smtpUrl: inbox.url, productName: 'Acme Developers' } } })
  return s
}

/** A browser at a client address of its own unless given one (code-browser.ts). */
const browser = (ip?: string) => codeBrowser(s!, ip)

/** A code that is not `code` (any one, when there is none). */
let guesses = 0
const wrongFor = (code = '') => {
  const guess = String(1_000_000_000 + ++guesses)
  return guess === code ? String(2_000_000_000 + guesses) : guess
}

/** An account, with sign-up's verification mail taken. */
async function owner() {
  const a = await signUp(s!)
  const verifyCode = await inbox.code(a.email)
  return Object.assign(a, { verifyCode })
}

const retryAfter = (res: Res) => Number(res.headers.get('retry-after'))
const expectRefused = (res: Res, message: RegExp) => {
  expect(res.status).toBe(429)
  expect(res.body.message).toMatch(message)
  expect(retryAfter(res)).toBeGreaterThan(WRONG_CODES_WINDOW_SECONDS - 3600)
  expect(retryAfter(res)).toBeLessThanOrEqual(WRONG_CODES_WINDOW_SECONDS)
}

describe('a stranger who knows the address', () => {
  it('cannot hold the reset off: the owner’s freshly mailed code works after 25 wrong codes from elsewhere, sent before and while it is live', async () => {
    await server()
    const a = await owner()
    // The finding: 20 wrong codes from one address, with no reset requested.
    const stranger = await browser()
    for (let i = 0; i < 20; i++) expect((await stranger.reset(a.email, wrongFor())).status, `wrong code ${i + 1}`).toBe(400)

    const mine = await browser()
    expect((await mine.forgot(a.email)).status).toBe(202)
    const code = await inbox.code(a.email)
    // More from another address while the owner's code is live, some at a code the stranger had mailed for itself.
    const other = await browser()
    expect((await other.forgot(a.email)).status).toBe(202)
    await inbox.code(a.email)
    for (let i = 0; i < 5; i++) expect((await other.reset(a.email, wrongFor(code))).status).toBe(400)

    const res = await mine.reset(a.email, code)
    expect(res.status).toBe(200)
    expect(res.body.user.email).toBe(a.email)
  }, 60_000)

  it('cannot use or burn the owner’s code: a code counts only the tries of the device it was mailed for, and dies after its fifth wrong one', async () => {
    await server()
    const a = await owner()
    const mine = await browser()
    expect((await mine.forgot(a.email)).status).toBe(202)
    const code = await inbox.code(a.email)
    for (let i = 0; i < MAX_TRIES - 1; i++) expect((await mine.reset(a.email, wrongFor(code))).status).toBe(400)
    // Other devices: their wrong tries do not count against it, and even the right code is not theirs.
    for (let i = 0; i < 2 * MAX_TRIES; i++) expect((await (await browser()).reset(a.email, wrongFor(code))).body.message).toBe(CODE_REFUSED)
    expect((await (await browser()).reset(a.email, code)).body.message).toBe(CODE_REFUSED)
    expect((await mine.reset(a.email, code)).status).toBe(200)

    // A new code, and MAX_TRIES wrong ones from its own device: it is burned, and the right one is refused.
    expect((await mine.forgot(a.email)).status).toBe(202)
    const next = await inbox.code(a.email)
    for (let i = 0; i < MAX_TRIES; i++) expect((await mine.reset(a.email, wrongFor(next))).status).toBe(400)
    expect((await mine.reset(a.email, next)).body.message).toBe(CODE_REFUSED)
  }, 60_000)
})

describe('asking for codes', () => {
  it('cannot be used by a stranger to keep the owner from a new code on a device that has signed in to the account before', async () => {
    const perEmail = 3
    await server({ rateLimit: { perEmail } })
    const a = await owner()
    // The owner has proved the address: only then is a device of theirs known for it.
    expect((await (await browser()).verify(a, a.verifyCode)).status).toBe(200)
    const stranger = await browser()
    for (let i = 0; i < perEmail; i++) expect((await stranger.forgot(a.email)).status).toBe(202)
    expect((await stranger.forgot(a.email)).status).toBe(429)
    for (let i = 0; i < perEmail; i++) await inbox.next(a.email) // the stranger's codes, mailed to the owner
    // A device never used for this account is held to the e-mail's limit, wherever it is…
    expect((await (await browser()).forgot(a.email)).status).toBe(429)
    // …but the browser the owner signed up in has its own, and its code works.
    const post = (path: string, body: object) => s!.request('POST', path, { token: a.deviceToken, body, headers: { 'X-Forwarded-For': newAddress() } })
    expect((await post('/api/auth/password/forgot', { email: a.email })).status).toBe(202)
    const code = await inbox.code(a.email)
    expect((await post('/api/auth/password/reset', { email: a.email, code, password: NEW_PASSWORD })).status).toBe(200)
  }, 60_000)

  it('mails an address nobody has proved at most twice the e-mail’s limit of codes a window, however many devices its account signs in from', async () => {
    const perEmail = 3
    await server({ rateLimit: { perEmail } })
    // Whoever signs up with an address may not own it, and can sign in from any number of devices.
    const a = await owner()
    const signedIn = async () => {
      const device = await deviceToken(s!)
      expect((await s!.request('POST', '/api/auth/authenticate', { token: device, body: { email: a.email, password: a.password } })).status).toBe(200)
      return device
    }
    const forgotFrom = (device: string) => s!.request('POST', '/api/auth/password/forgot', { token: device, body: { email: a.email } })
    // Reset codes: a device of the account has no budget of its own while the address is not proved.
    for (let i = 0; i < perEmail; i++) expect((await forgotFrom(a.deviceToken)).status).toBe(202)
    expect((await forgotFrom(a.deviceToken)).status).toBe(429)
    expect((await forgotFrom(await signedIn())).status).toBe(429)
    // Verification codes: the account's own budget, which those reset codes (a stranger's, as far as anyone
    // knows) do not spend, so the owner can always prove the address.
    const sendVerification = () => s!.request('POST', '/api/auth/email/verify/send', { token: a.accessToken })
    for (let i = 0; i < perEmail; i++) expect((await sendVerification()).status).toBe(202)
    expect((await sendVerification()).status).toBe(429)
  }, 60_000)
})

describe('the budget of one client address', () => {
  it(`judges ${WRONG_CODES_PER_ADDRESS} wrong codes a day from one address, over devices and both purposes, then answers 429 for at most a day; other addresses are judged`, async () => {
    await server()
    const a = await owner()
    const ip = newAddress()
    const half = WRONG_CODES_PER_ADDRESS / 2
    for (let i = 0; i < half; i++) expect((await (await browser(ip)).reset(a.email, wrongFor())).status).toBe(400)
    // The account's own session, verifying its address from there, spends the same budget.
    for (let i = 0; i < half; i++) expect((await (await browser(ip)).verify(a, wrongFor(a.verifyCode))).status).toBe(400)
    expectRefused(await (await browser(ip)).reset(a.email, wrongFor()), FROM_NETWORK)
    expectRefused(await (await browser(ip)).verify(a, a.verifyCode), FROM_NETWORK)

    // Elsewhere, the owner resets, and verifies with a new code (its own 10 wrong tries burned the first).
    const mine = await browser()
    expect((await s!.request('POST', '/api/auth/email/verify/send', { token: a.accessToken })).status).toBe(202)
    expect((await mine.verify(a, await inbox.code(a.email))).status).toBe(200)
    expect((await mine.forgot(a.email)).status).toBe(202)
    expect((await mine.reset(a.email, await inbox.code(a.email))).status).toBe(200)
  }, 60_000)

  it(`counts an IPv6 /48 as one site: ${WRONG_CODES_PER_SITE} wrong codes a day from its /64s, then 429 from any of them`, async () => {
    await server()
    const a = await owner()
    const perSite = WRONG_CODES_PER_SITE / WRONG_CODES_PER_ADDRESS
    for (let net = 1; net <= perSite; net++) {
      const b = await browser(`2001:db8:7:${net}::1`)
      for (let i = 0; i < WRONG_CODES_PER_ADDRESS; i++) expect((await b.reset(a.email, wrongFor())).status, `/64 ${net}, code ${i + 1}`).toBe(400)
    }
    expectRefused(await (await browser(`2001:db8:7:${perSite + 1}::1`)).reset(a.email, wrongFor()), FROM_NETWORK)
    expect((await (await browser('2001:db8:8:1::1')).reset(a.email, wrongFor())).status).toBe(400)
  }, 120_000)

  it('does not count right codes', async () => {
    await server()
    const a = await owner()
    const mine = await browser()
    for (let round = 0; round < 3; round++) {
      expect((await mine.forgot(a.email)).status).toBe(202)
      const code = await inbox.code(a.email)
      for (let i = 0; i < 4; i++) expect((await mine.reset(a.email, wrongFor(code))).status).toBe(400)
      expect((await mine.reset(a.email, code)).status).toBe(200)
    }
    // 12 wrong codes so far: 8 more are judged, the next is refused.
    for (let i = 0; i < WRONG_CODES_PER_ADDRESS - 12; i++) expect((await mine.reset(a.email, wrongFor())).status).toBe(400)
    expectRefused(await mine.reset(a.email, wrongFor()), FROM_NETWORK)
  }, 60_000)
})

describe('the budget of one account', () => {
  /** What a botnet would leave after spending all but `left` of a day's wrong codes at the account (500 addresses, 20 each). */
  const spendAllBut = (bucket: string, left: number) => countHits(s!.db, bucket, WRONG_CODES_PER_ACCOUNT - left, WRONG_CODES_WINDOW_SECONDS)

  it(`judges ${WRONG_CODES_PER_ACCOUNT} wrong reset codes a day from every address together, then answers 429 for at most a day, the same with or without an account`, async () => {
    await server()
    const a = await owner()
    const unknown = uniqueEmail('nobody')
    for (const email of [a.email, unknown]) await spendAllBut(wrongCodesBucket('reset', email), 2)
    const mine = await browser()
    expect((await mine.forgot(a.email)).status).toBe(202)
    const code = await inbox.code(a.email)
    for (const email of [a.email, unknown]) {
      for (let i = 0; i < 2; i++) expect((await (await browser()).reset(email, wrongFor(code))).status).toBe(400)
      const refused = await (await browser()).reset(email, wrongFor(code))
      expectRefused(refused, FOR_ACCOUNT)
    }
    // The right code is not looked at: it still works once the window has passed (not waited for here).
    expectRefused(await mine.reset(a.email, code), FOR_ACCOUNT)
  }, 60_000)

  it(`judges ${WRONG_CODES_PER_ACCOUNT} wrong verification codes a day, then answers 429 without looking at the right one`, async () => {
    await server()
    const a = await owner()
    await spendAllBut(wrongCodesBucket('verify', a.user.id), 1)
    expect((await (await browser()).verify(a, wrongFor(a.verifyCode))).status).toBe(400)
    expectRefused(await (await browser()).verify(a, a.verifyCode), FOR_ACCOUNT)
    expect((await s!.request('GET', '/api/me', { token: a.accessToken })).body.emailVerified).toBe(false)
    // Another account's is still judged.
    const b = await owner()
    expect((await (await browser()).verify(b, b.verifyCode)).status).toBe(200)
  }, 60_000)
})

describe('an address without an account', () => {
  it('is answered exactly as one with an account, code by code, past the address’s budget too', async () => {
    await server()
    const a = await owner()
    const unknown = uniqueEmail('nobody')
    const [known, other] = [await browser(), await browser()]
    expect((await known.forgot(a.email)).status).toBe(202)
    await inbox.code(a.email)
    expect((await other.forgot(unknown)).status).toBe(202)
    const seen = (res: Res) => ({ status: res.status, body: res.body, retryAfterHours: Math.round(retryAfter(res) / 3600) })
    for (let i = 0; i <= WRONG_CODES_PER_ADDRESS + 1; i++) {
      const guess = wrongFor()
      const k = seen(await known.reset(a.email, guess))
      expect(seen(await other.reset(unknown, guess)), `guess ${i + 1}`).toEqual(k)
      expect(k.status).toBe(i < WRONG_CODES_PER_ADDRESS ? 400 : 429)
    }
  }, 60_000)
})
