import { afterEach, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app'
import { THROTTLE } from '../../server/http/throttle'
import { DEVICE, createTestServer, deviceToken, signUp, uniqueEmail, type TestServer } from './harness'

let s: TestServer | undefined
afterEach(async () => {
  await s?.close()
  s = undefined
})

const TOO_MANY = /^Too many attempts\. Try again in \d+ (second|minute)s?\.$/

const login = (token: string, email: string, password: string, ip = '203.0.113.1') =>
  s!.request('POST', '/api/auth/authenticate', { token, body: { email, password }, headers: { 'X-Forwarded-For': ip } })

describe('rate limits on authenticate and register', () => {
  it('answers 429 with Retry-After once an e-mail has had its attempts, even with the right password', async () => {
    s = await createTestServer({ config: { rateLimit: { perEmail: 3, perIp: 1000, windowSeconds: 600 } } })
    const u = await signUp(s)
    for (let i = 0; i < 3; i++) expect((await login(u.deviceToken, u.email, 'wrong-password')).status).toBe(401)

    const res = await login(u.deviceToken, u.email, u.password)
    expect(res.status).toBe(429)
    expect(res.body.message).toMatch(TOO_MANY)
    expect(res.body.message).toBe('Too many attempts. Try again in 10 minutes.')
    expect(res.body.code).toBe('TOO_MANY_ATTEMPTS')
    const retryAfter = Number(res.headers.get('retry-after'))
    expect(Number.isInteger(retryAfter)).toBe(true)
    expect(retryAfter).toBeGreaterThan(590)
    expect(retryAfter).toBeLessThanOrEqual(600)
    // Refused before any check: no session was made.
    expect((await s.db.query("SELECT 1 FROM tokens WHERE kind = 'access'")).length).toBe(1) // the sign-up's

    // Other addresses are not affected.
    const other = await signUp(s)
    expect((await login(u.deviceToken, other.email, other.password)).status).toBe(200)
  })

  it('limits attempts per client IP, whatever the e-mail', async () => {
    s = await createTestServer({ config: { trustProxy: true, rateLimit: { perEmail: 1000, perIp: 3, windowSeconds: 60 } } })
    const token = await deviceToken(s)
    for (let i = 0; i < 3; i++) expect((await login(token, uniqueEmail(), 'password1', '198.51.100.7')).status).toBe(401)
    const blocked = await login(token, uniqueEmail(), 'password1', '198.51.100.7')
    expect(blocked.status).toBe(429)
    expect(blocked.body.message).toMatch(/^Too many attempts\. Try again in (\d+ seconds|1 minute)\.$/)
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(60)
    // Another client is still served.
    expect((await login(token, uniqueEmail(), 'password1', '198.51.100.8')).status).toBe(401)
  })

  it('ignores X-Forwarded-For unless told it runs behind a proxy (clients cannot pick their IP)', async () => {
    s = await createTestServer({ config: { trustProxy: false, rateLimit: { perEmail: 1000, perIp: 2, windowSeconds: 60 } } })
    const token = await deviceToken(s)
    expect((await login(token, uniqueEmail(), 'password1', '198.51.100.1')).status).toBe(401)
    expect((await login(token, uniqueEmail(), 'password1', '198.51.100.2')).status).toBe(401)
    expect((await login(token, uniqueEmail(), 'password1', '198.51.100.3')).status).toBe(429)
  })

  it('behind a proxy, counts the address the proxy appended, not what the client claimed', async () => {
    s = await createTestServer({ config: { trustProxy: true, rateLimit: { perEmail: 1000, perIp: 2, windowSeconds: 60 } } })
    const token = await deviceToken(s)
    expect((await login(token, uniqueEmail(), 'password1', '1.1.1.1, 198.51.100.9')).status).toBe(401)
    expect((await login(token, uniqueEmail(), 'password1', '2.2.2.2, 198.51.100.9')).status).toBe(401)
    expect((await login(token, uniqueEmail(), 'password1', '3.3.3.3, 198.51.100.9')).status).toBe(429)
  })

  it('limits register too (per e-mail), before the taken-e-mail check', async () => {
    s = await createTestServer({ config: { rateLimit: { perEmail: 2, perIp: 1000, windowSeconds: 60 } } })
    const token = await deviceToken(s)
    const body = { name: 'A', email: uniqueEmail(), password: 'long enough phrase' }
    expect((await s.request('POST', '/api/register', { token, body })).status).toBe(200)
    expect((await s.request('POST', '/api/register', { token, body })).status).toBe(409)
    const res = await s.request('POST', '/api/register', { token, body })
    expect(res.status).toBe(429)
    expect(res.body.message).toMatch(TOO_MANY)
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/)
  })

  it('counts register and authenticate separately', async () => {
    s = await createTestServer({ config: { rateLimit: { perEmail: 1, perIp: 1000, windowSeconds: 60 } } })
    const u = await signUp(s) // one register attempt for this e-mail
    expect((await login(u.deviceToken, u.email, u.password)).status).toBe(200)
  })

  it('opens again when the window ends', async () => {
    s = await createTestServer({ config: { rateLimit: { perEmail: 1, perIp: 1000, windowSeconds: 60 } } })
    const u = await signUp(s)
    expect((await login(u.deviceToken, u.email, 'wrong-password')).status).toBe(401)
    expect((await login(u.deviceToken, u.email, u.password)).status).toBe(429)
    await s.db.query("UPDATE rate_limits SET reset_at = now() - interval '1 second'")
    expect((await login(u.deviceToken, u.email, u.password)).status).toBe(200)
  })

  it('clears an e-mail’s count on a successful log-in', async () => {
    s = await createTestServer({ config: { rateLimit: { perEmail: 3, perIp: 1000, windowSeconds: 60 } } })
    const u = await signUp(s)
    expect((await login(u.deviceToken, u.email, 'wrong-password')).status).toBe(401)
    expect((await login(u.deviceToken, u.email, 'wrong-password')).status).toBe(401)
    expect((await login(u.deviceToken, u.email, u.password)).status).toBe(200)
    for (let i = 0; i < 3; i++) expect((await login(u.deviceToken, u.email, 'wrong-password')).status).toBe(401)
    expect((await login(u.deviceToken, u.email, 'wrong-password')).status).toBe(429)
  })

  it('keeps its counters in the database: a second instance on the same database sees them', async () => {
    const config = { trustProxy: true, rateLimit: { perEmail: 2, perIp: 1000, windowSeconds: 60 } }
    s = await createTestServer({ config })
    const u = await signUp(s)
    const second = createApp({ db: s.db, config, log: () => {} })
    const attempt = (app: typeof second) =>
      app.request('/api/auth/authenticate', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${u.deviceToken}` },
        body: JSON.stringify({ email: u.email, password: 'wrong-password' }),
      })
    expect((await attempt(s.app)).status).toBe(401)
    expect((await attempt(second)).status).toBe(401)
    expect((await attempt(s.app)).status).toBe(429)
    expect((await attempt(second)).status).toBe(429)

    // Buckets are hashes: neither the e-mail nor the IP is stored in clear.
    const rows = JSON.stringify(await s.db.query('SELECT * FROM rate_limits'))
    expect(rows).not.toContain(u.email)
    expect(rows).not.toContain('203.0.113.1')
  })

  it('stays exact under concurrent attempts', async () => {
    s = await createTestServer({ config: { rateLimit: { perEmail: 5, perIp: 1000, windowSeconds: 60 } } })
    const u = await signUp(s)
    const results = await Promise.all(Array.from({ length: 12 }, () => login(u.deviceToken, u.email, 'wrong-password')))
    expect(results.filter((r) => r.status === 401)).toHaveLength(5)
    expect(results.filter((r) => r.status === 429)).toHaveLength(7)
  })
})

describe('rate limit on device registration', () => {
  it('bounds registrations per client IP, counting each call before its body is read', async () => {
    s = await createTestServer({ config: { trustProxy: true, rateLimit: { devicesPerIp: 2, windowSeconds: 60 } } })
    const register = (ip: string, body: object = DEVICE) => s!.request('POST', '/api/device', { body, headers: { 'X-Forwarded-For': ip } })
    expect((await register('192.0.2.1', { deviceType: 'WEB' })).status).toBe(400)
    expect((await register('192.0.2.1')).status).toBe(201)
    const res = await register('192.0.2.1')
    expect(res.status).toBe(429)
    expect(res.body.message).toMatch(TOO_MANY)
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/)
    // Refused before the body is even parsed: malformed JSON gets the same 429.
    expect((await s!.request('POST', '/api/device', { raw: '{not json', headers: { 'X-Forwarded-For': '192.0.2.1' } })).status).toBe(429)
    expect((await register('192.0.2.2')).status).toBe(201)
    expect((await s!.db.query('SELECT id FROM devices')).length).toBe(2)
  })

  it('prunes devices older than the device-token lifetime, with their tokens, on the retention schedule', async () => {
    s = await createTestServer({ config: { deviceTokenTtlSeconds: 3600 } })
    const old = await deviceToken(s)
    await s.db.query("UPDATE devices SET created_at = now() - interval '2 hours'")
    await s.db.query("UPDATE tokens SET expires_at = now() + interval '1 hour'") // pruned with its device all the same
    await deviceToken(s)
    await s.app.retention.tick()
    expect((await s.db.query('SELECT id FROM devices')).length).toBe(1)
    const res = await s.request('POST', '/api/auth/authenticate', { token: old, body: { email: 'a@example.com', password: 'long enough phrase' } })
    expect(res.status).toBe(401)
  })
})

describe('the 429 message', () => {
  it.each([
    [1, 'Too many attempts. Try again in 1 second.'],
    [45, 'Too many attempts. Try again in 45 seconds.'],
    [60, 'Too many attempts. Try again in 1 minute.'],
    [61, 'Too many attempts. Try again in 2 minutes.'],
    [900, 'Too many attempts. Try again in 15 minutes.'],
  ])('reads well for %i s', (seconds, text) => {
    expect(THROTTLE.TOO_MANY_ATTEMPTS(seconds).message).toBe(text)
  })
})
