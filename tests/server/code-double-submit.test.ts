/**
 * A right code sent more than once (a double submit, two tabs, a client's retry
 * of a request whose answer was lost): the first use wins, and the others are
 * refused as a used code always was, but they are not wrong codes, so they
 * spend none of the client address's budget, the account's or the code's own
 * tries. Any other code is counted as before, right after a use too.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { CODE_REFUSED } from '../../server/resources/accounts/messages'
import { WRONG_CODES_PER_ADDRESS, wrongCodesBucket } from '../../server/resources/accounts/code-budget'
import { MAX_TRIES, USED_CODE_SECONDS } from '../../server/resources/accounts/codes'
import { peekRateLimit } from '../../server/security/rate-limit'
import type { TestServerOptions } from './harness'
import { inboxForFile } from '../support/smtp'
import { codeBrowser, newAddress, type Res } from './code-browser'
import { createTestServer, deviceToken, signUp, type TestServer } from './harness'

const ROUNDS = 4
const AT_ONCE = 6
const FROM_NETWORK = /^Too many wrong codes were entered from your network\./

const inbox = inboxForFile()
let s: TestServer | undefined
afterEach(async () => {
  await s?.close()
  s = undefined
})

async function server({ config, ...options }: TestServerOptions = {}) {
  s = await createTestServer({ ...options, config: { trustProxy: true, ...config, mail: { smtpUrl: inbox.url, productName: 'Acme Developers' } } })
  return s
}

/** A browser at a client address of its own unless given one (code-browser.ts). */
const browser = (ip?: string) => codeBrowser(s!, ip)

/** A code that is not `code`. */
let guesses = 0
const wrongFor = (code: string) => {
  const guess = String(1_000_000_000 + ++guesses)
  return guess === code ? String(2_000_000_000 + guesses) : guess
}

/** An account, with sign-up's verification mail taken. */
async function owner() {
  const a = await signUp(s!)
  return Object.assign(a, { verifyCode: await inbox.code(a.email) })
}

const refusedAsUsed = (res: Res) => res.status === 400 && res.body.message === CODE_REFUSED && res.body.code === 'CODE_REFUSED'
/** The wrong codes the account's budget holds (code-budget.ts). */
const accountCount = (purpose: 'reset' | 'verify', subject: string) => peekRateLimit(s!.db, wrongCodesBucket(purpose, subject))

/** Sends wrong codes until the address is refused: all of its day's budget is judged, and then no more. */
async function expectWholeBudgetLeft(wrong: () => Promise<Res>) {
  for (let i = 0; i < WRONG_CODES_PER_ADDRESS; i++) expect((await wrong()).status, `wrong code ${i + 1}`).toBe(400)
  const refused = await wrong()
  expect(refused.status).toBe(429)
  expect(refused.body.message).toMatch(FROM_NETWORK)
}

describe('the right code sent several times at once', () => {
  it(`resets once a round, ${ROUNDS} rounds of ${AT_ONCE} from one address, and the others cost no wrong code`, async () => {
    await server()
    const a = await owner()
    const ip = newAddress()
    const mine = await browser(ip)
    for (let round = 0; round < ROUNDS; round++) {
      expect((await mine.forgot(a.email)).status).toBe(202)
      const code = await inbox.code(a.email)
      const passwords = Array.from({ length: AT_ONCE }, (_, i) => `round ${round} passphrase ${i}`)
      const answers = await Promise.all(passwords.map((password) => mine.reset(a.email, code, password)))
      const won = answers.filter((res) => res.status === 200)
      expect(won, answers.map((res) => res.status).join()).toHaveLength(1)
      // The others answer what a used code always answered.
      expect(answers.filter((res) => res !== won[0]).every(refusedAsUsed), answers.map((res) => res.text).join('\n')).toBe(true)
      // Once sent again after the race, it is refused too: the password was set once, the winner's.
      expect(refusedAsUsed(await mine.reset(a.email, code, 'a later passphrase'))).toBe(true)
      const device = await deviceToken(s!)
      const signIn = async (password: string) =>
        (await s!.request('POST', '/api/auth/authenticate', { token: device, body: { email: a.email, password } })).status
      const winner = answers.indexOf(won[0])
      expect([await signIn(passwords[winner]), await signIn(passwords[(winner + 1) % AT_ONCE]), await signIn('a later passphrase')]).toEqual([200, 401, 401])
    }
    expect(await accountCount('reset', a.email)).toBe(0)
    await expectWholeBudgetLeft(() => mine.reset(a.email, wrongFor('')))
  }, 60_000)

  it(`verifies the address, ${ROUNDS} accounts of ${AT_ONCE} tries at once from one address, and the refused ones cost no wrong code`, async () => {
    await server()
    const ip = newAddress()
    for (let round = 0; round < ROUNDS; round++) {
      const a = await owner()
      const from = await browser(ip)
      const answers = await Promise.all(Array.from({ length: AT_ONCE }, () => from.verify(a, a.verifyCode)))
      // A try that reads the account after the winner's commit finds it verified (200); one that read it before is
      // judged against the code the winner used, and refused as used.
      expect(
        answers.every((res) => res.status === 200 || refusedAsUsed(res)),
        answers.map((res) => res.text).join('\n'),
      ).toBe(true)
      expect(answers.some((res) => res.status === 200)).toBe(true)
      expect((await s!.request('GET', '/api/me', { token: a.accessToken })).body.emailVerified).toBe(true)
      expect(await accountCount('verify', a.user.id)).toBe(0)
    }
    const b = await owner()
    const from = await browser(ip)
    await expectWholeBudgetLeft(() => from.verify(b, wrongFor(b.verifyCode)))
  }, 60_000)
})

describe('a code after the right one', () => {
  it('counts a wrong code sent right after a use, and not the used one sent again in between', async () => {
    await server()
    const a = await owner()
    const mine = await browser()
    expect((await mine.forgot(a.email)).status).toBe(202)
    const code = await inbox.code(a.email)
    expect((await mine.reset(a.email, code)).status).toBe(200)

    expect((await mine.reset(a.email, wrongFor(code))).status).toBe(400)
    expect(await accountCount('reset', a.email)).toBe(1)
    expect(refusedAsUsed(await mine.reset(a.email, code))).toBe(true)
    expect(await accountCount('reset', a.email)).toBe(1)
    // The address has 19 left: the wrong one was counted, the repeat was not.
    for (let i = 1; i < WRONG_CODES_PER_ADDRESS; i++) expect((await mine.reset(a.email, wrongFor(code))).status, `wrong code ${i + 1}`).toBe(400)
    expect((await mine.reset(a.email, wrongFor(code))).status).toBe(429)
  }, 60_000)

  it('does not count the used code sent again as a failed log-in of the address, as a wrong reset code is', async () => {
    const failuresPerIp = 3
    await server({ config: { rateLimit: { failuresPerIp } } })
    const a = await owner()
    const mine = await browser()
    expect((await mine.forgot(a.email)).status).toBe(202)
    const code = await inbox.code(a.email)
    expect((await mine.reset(a.email, code)).status).toBe(200)
    for (let i = 0; i < 2 * failuresPerIp; i++) expect(refusedAsUsed(await mine.reset(a.email, code)), `repeat ${i + 1}`).toBe(true)
    for (let i = 0; i < failuresPerIp; i++) expect((await mine.reset(a.email, wrongFor(code))).status).toBe(400)
    expect((await mine.reset(a.email, wrongFor(code))).status).toBe(429)
  }, 60_000)

  it('does not spend the tries of the next code: the one used before, sent again and again, leaves a new one working', async () => {
    await server()
    const a = await owner()
    const mine = await browser()
    expect((await mine.forgot(a.email)).status).toBe(202)
    const used = await inbox.code(a.email)
    expect((await mine.reset(a.email, used)).status).toBe(200)
    expect((await mine.forgot(a.email)).status).toBe(202)
    const next = await inbox.code(a.email)
    for (let i = 0; i < 2 * MAX_TRIES; i++) expect(refusedAsUsed(await mine.reset(a.email, used))).toBe(true)
    expect((await mine.reset(a.email, next)).status).toBe(200)
  }, 60_000)

  it(`counts the used code as a wrong one ${USED_CODE_SECONDS / 60} minutes after its use, and the retention drops it then`, async () => {
    let now = Date.now()
    await server({ clock: () => now })
    const a = await owner()
    const mine = await browser()
    expect((await mine.forgot(a.email)).status).toBe(202)
    const code = await inbox.code(a.email)
    expect((await mine.reset(a.email, code)).status).toBe(200)
    const kept = async () => (await s!.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM used_codes'))[0].n
    // Kept as its salted hash, as it was while it worked.
    const [row] = await s!.db.query<{ code_hash: string }>('SELECT code_hash FROM used_codes')
    expect(row.code_hash).toMatch(/^[0-9a-f]{32}\$[0-9a-f]{64}$/)
    expect(row.code_hash).not.toContain(code)

    now += USED_CODE_SECONDS * 1000 - 1000
    expect(refusedAsUsed(await mine.reset(a.email, code))).toBe(true)
    await s!.app.retention.tick()
    expect([await accountCount('reset', a.email), await kept()]).toEqual([0, 1])

    now += 2000
    expect(refusedAsUsed(await mine.reset(a.email, code))).toBe(true)
    expect(await accountCount('reset', a.email)).toBe(1)
    await s!.app.retention.tick()
    expect(await kept()).toBe(0)
  }, 60_000)
})
