import { afterEach, describe, expect, it } from 'vitest'
import { withDefaults } from '../../server/config'
import { loginGuard } from '../../server/resources/session/login-guard'
import { countHits, emailBucket } from '../../server/security/rate-limit'
import { createTestServer, deviceToken, signUp, type TestServer } from './harness'

let s: TestServer | undefined
afterEach(async () => {
  await s?.close()
  s = undefined
})

const login = (token: string, email: string, password: string, ip: string) =>
  s!.request('POST', '/api/auth/authenticate', { token, body: { email, password }, headers: { 'X-Forwarded-For': ip } })

const ATTACKER = '198.51.100.66'
const OWNER = '203.0.113.10'

describe('log-in lock-out that an attacker cannot turn against the owner', () => {
  it('refuses the failing address for that e-mail, while the owner’s correct password from another address signs in', async () => {
    s = await createTestServer({ config: { trustProxy: true, rateLimit: { perEmail: 3, failuresPerIp: 1000, slowdownMaxMs: 1 } } })
    const u = await signUp(s)
    const attacker = await deviceToken(s) // the attacker's own browser, not the owner's
    for (let i = 0; i < 3; i++) expect((await login(attacker, u.email, 'not-the-password', ATTACKER)).status).toBe(401)
    const locked = await login(attacker, u.email, 'not-the-password', ATTACKER)
    expect(locked.status).toBe(429)
    expect(locked.headers.get('retry-after')).toMatch(/^\d+$/)

    const owner = await login(u.deviceToken, u.email, u.password, OWNER)
    expect(owner.status).toBe(200)
    expect(owner.body.accessToken).toMatch(/^fxa_/)
  })

  it('does not lock an e-mail that many addresses guess at: it is slowed, and the right password still signs in', async () => {
    s = await createTestServer({ config: { trustProxy: true, rateLimit: { perEmail: 2, failuresPerIp: 1000, slowdownMaxMs: 5 } } })
    const u = await signUp(s)
    // A botnet: each address stays under its own limit, the e-mail as a whole goes far over it.
    const attacker = await deviceToken(s)
    for (let i = 0; i < 12; i++) expect((await login(attacker, u.email, `guess-${i}`, `192.0.2.${i + 1}`)).status).toBe(401)
    expect((await login(u.deviceToken, u.email, u.password, OWNER)).status).toBe(200)
  })

  it('limits failures per address whatever the e-mail, and a success gives the attempt back', async () => {
    s = await createTestServer({ config: { trustProxy: true, rateLimit: { perEmail: 100, failuresPerIp: 3, slowdownMaxMs: 1 } } })
    const a = await signUp(s)
    const b = await signUp(s)
    expect((await login(a.deviceToken, a.email, 'wrong-one', ATTACKER)).status).toBe(401)
    expect((await login(a.deviceToken, a.email, a.password, ATTACKER)).status).toBe(200) // given back
    expect((await login(a.deviceToken, a.email, 'wrong-two', ATTACKER)).status).toBe(401)
    expect((await login(a.deviceToken, b.email, 'wrong-three', ATTACKER)).status).toBe(401)
    const blocked = await login(a.deviceToken, b.email, b.password, ATTACKER)
    expect(blocked.status).toBe(429)
    expect(blocked.body.message).toMatch(/^Too many attempts\. Try again in \d+ (second|minute)s?\.$/)
    // Another address is not affected.
    expect((await login(a.deviceToken, b.email, b.password, OWNER)).status).toBe(200)
  })

  it('counts the failures in the database under hashed names, with nothing in clear', async () => {
    s = await createTestServer({ config: { trustProxy: true, rateLimit: { perEmail: 3 } } })
    const u = await signUp(s)
    await login(u.deviceToken, u.email, 'not-the-password', ATTACKER)
    const rows = JSON.stringify(await s.db.query('SELECT * FROM rate_limits'))
    expect(rows).not.toContain(u.email)
    expect(rows).not.toContain(ATTACKER)
  })
})

describe('guessing spread over many addresses: at most 100 wrong passwords judged per account', () => {
  const attack = (token: string, email: string, guesses: number, addresses: number) =>
    Array.from({ length: guesses }, (_, i) => login(token, email, `guess-number-${i}`, `192.0.2.${(i % addresses) + 1}`))

  it('judges at most 100 of 160 guesses over 40 addresses; the rest, and a new device with the right password, get 429 unchecked', async () => {
    s = await createTestServer({ config: { trustProxy: true, rateLimit: { slowdownMaxMs: 1 } } })
    const u = await signUp(s)
    const attacker = await deviceToken(s)
    const answers = await Promise.all(attack(attacker, u.email, 160, 40))
    const judged = answers.filter((a) => a.status === 401)
    const refused = answers.filter((a) => a.status === 429)
    expect(judged.length).toBeLessThanOrEqual(100)
    expect(judged.length + refused.length).toBe(160)
    expect(refused[0].headers.get('retry-after')).toMatch(/^\d+$/)
    expect(refused[0].body.message).toMatch(
      /^Too many attempts on this account\. Try again in \d+ (second|minute)s?, or log in from a device you have logged in on before\.$/,
    )
    // The right password from a device and address never seen: not even checked.
    const newDevice = await login(await deviceToken(s), u.email, u.password, OWNER)
    expect(newDevice.status).toBe(429)
    expect(Number(newDevice.headers.get('retry-after'))).toBeGreaterThan(0)
    // The owner's device, which signed up, still signs in.
    expect((await login(u.deviceToken, u.email, u.password, OWNER)).status).toBe(200)
  })

  it('lets the owner’s known device sign in at once while the e-mail is under attack, where any other log-in for it waits out the slowdown', async () => {
    // A slowdown longer than the test may run: a log-in made to wait it out fails the test by its timeout, whatever the machine's load.
    const rateLimit = withDefaults({ rateLimit: { slowdownMaxMs: 3_600_000 } }).rateLimit
    s = await createTestServer({ config: { trustProxy: true, rateLimit } })
    const u = await signUp(s) // the device that signed up is known from then on
    // What a 40-address attack leaves: 40 failures for the e-mail from every address together.
    await countHits(s.db, emailBucket('authenticate', u.email), 40, rateLimit.windowSeconds)
    const owner = await login(u.deviceToken, u.email, u.password, OWNER)
    expect(owner.status).toBe(200)
    expect(owner.body.accessToken).toMatch(/^fxa_/)
    // The same state makes any other log-in for the e-mail wait the longest slowdown (told, not slept, here).
    const waits: number[] = []
    const guard = loginGuard(s.db, rateLimit, async (ms) => void waits.push(ms))
    await guard.before({ address: u.email, ip: ATTACKER })
    expect(waits).toEqual([rateLimit.slowdownMaxMs])
    await guard.before({ address: u.email, ip: ATTACKER, knownDevice: 'a-device-that-signed-in-before' })
    expect(waits).toHaveLength(1)
  })

  it('gives a known device a count of its own, so a stolen device token is no way around the cap', async () => {
    s = await createTestServer({ config: { trustProxy: true, rateLimit: { perAccount: 5, perEmail: 3, slowdownMaxMs: 1 } } })
    const u = await signUp(s)
    const attacker = await deviceToken(s)
    await Promise.all(attack(attacker, u.email, 8, 8))
    for (let i = 0; i < 3; i++) expect((await login(u.deviceToken, u.email, `typo-${i}`, `198.51.100.${i + 1}`)).status).toBe(401)
    expect((await login(u.deviceToken, u.email, 'typo-again', '198.51.100.9')).status).toBe(429)
  })

  it('counts IPv6 clients per /64', async () => {
    s = await createTestServer({ config: { trustProxy: true, rateLimit: { perEmail: 3, slowdownMaxMs: 1 } } })
    const u = await signUp(s)
    const attacker = await deviceToken(s)
    for (let i = 1; i <= 3; i++) expect((await login(attacker, u.email, `guess-${i}`, `2001:db8:1:2::${i}`)).status).toBe(401)
    // Another address of the same /64 is the same client.
    expect((await login(attacker, u.email, 'guess-4', '2001:db8:1:2:ffff:ffff:ffff:ffff')).status).toBe(429)
    expect((await login(attacker, u.email, 'guess-5', '2001:db8:1:3::1')).status).toBe(401)
  })

  it('counts a client by its address where the proxy writes its port beside it (a new connection is no new client)', async () => {
    s = await createTestServer({ config: { trustProxy: true, rateLimit: { perEmail: 3, slowdownMaxMs: 1 } } })
    const u = await signUp(s)
    const attacker = await deviceToken(s)
    for (let i = 1; i <= 3; i++) expect((await login(attacker, u.email, `guess-${i}`, `198.51.100.7:5000${i}`)).status).toBe(401)
    expect((await login(attacker, u.email, 'guess-4', '198.51.100.7:50004')).status).toBe(429)
    expect((await login(attacker, u.email, 'guess-5', '198.51.100.7')).status).toBe(429)
    // An IPv6 address with its port is written in brackets; it still counts by its /64.
    for (let i = 1; i <= 3; i++) expect((await login(attacker, u.email, `guess-${i}`, `[2001:db8:1:2::${i}]:5000${i}`)).status).toBe(401)
    expect((await login(attacker, u.email, 'guess-4', '[2001:db8:1:2::9]:50009')).status).toBe(429)
    expect((await login(attacker, u.email, 'guess-5', '2001:db8:1:2::a')).status).toBe(429)
    // Some proxies write it without the brackets: eight groups and a port, or a port no group could be.
    for (let i = 1; i <= 2; i++) expect((await login(attacker, u.email, `guess-${i}`, `2001:db8:1:3:a:b:c:d:5000${i}`)).status).toBe(401)
    expect((await login(attacker, u.email, 'guess-3', '2001:db8:1:3::1:50003')).status).toBe(401)
    expect((await login(attacker, u.email, 'guess-4', '2001:db8:1:3::9')).status).toBe(429)
  })
})
