import { afterEach, describe, expect, it } from 'vitest'
import { createTestServer, signUp, type TestServer } from './harness'

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
    for (let i = 0; i < 3; i++) expect((await login(u.deviceToken, u.email, 'not-the-password', ATTACKER)).status).toBe(401)
    const locked = await login(u.deviceToken, u.email, 'not-the-password', ATTACKER)
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
    for (let i = 0; i < 12; i++) expect((await login(u.deviceToken, u.email, `guess-${i}`, `192.0.2.${i + 1}`)).status).toBe(401)
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
