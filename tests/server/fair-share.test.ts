import { afterEach, describe, expect, it } from 'vitest'
import { createTestServer, deviceToken, newProject, signUp, type TestServer } from './harness'

let s: TestServer | undefined
afterEach(async () => {
  await s?.close()
  s = undefined
})

describe('fair share per user', () => {
  it('answers 429 with Retry-After once a user is over budget (a sixth of the per-minute figure in any 10 s), and other users are still served', async () => {
    s = await createTestServer({ config: { rateLimit: { perUser: 30 } } })
    const noisy = await signUp(s)
    const quiet = await signUp(s)
    for (let i = 0; i < 5; i++) expect((await s.request('GET', '/api/manage/dapp/owner', { token: noisy.accessToken })).status).toBe(200)
    const res = await s.request('GET', '/api/manage/dapp/owner', { token: noisy.accessToken })
    expect(res.status).toBe(429)
    expect(res.body.message).toMatch(/^Too many requests\. Try again in \d+ seconds?\.$/)
    const retryAfter = Number(res.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(10)
    // Every route the access token opens counts, before its body is read.
    expect((await s.request('POST', '/api/manage/dapp', { token: noisy.accessToken, raw: '{not json' })).status).toBe(429)
    expect((await s.request('GET', '/api/manage/dapp/owner', { token: quiet.accessToken })).status).toBe(200)
    // Signing out is never refused: a user over budget can still end the session.
    expect((await s.request('POST', '/api/auth/logout', { token: noisy.accessToken })).status).toBe(204)
  })

  it('opens again when the window ends', async () => {
    s = await createTestServer({ config: { rateLimit: { perUser: 6 } } })
    const u = await signUp(s)
    expect((await s.request('GET', '/api/manage/dapp/owner', { token: u.accessToken })).status).toBe(200)
    expect((await s.request('GET', '/api/manage/dapp/owner', { token: u.accessToken })).status).toBe(429)
    await s.db.query("UPDATE rate_limits SET reset_at = now() - interval '1 second'")
    await s.restart() // what this instance remembers of the refusal ends with the window too
    expect((await s.request('GET', '/api/manage/dapp/owner', { token: u.accessToken })).status).toBe(200)
  })

  it('holds across instances: the count is in the database', async () => {
    s = await createTestServer({ config: { rateLimit: { perUser: 12 } } })
    const u = await signUp(s)
    expect((await s.request('GET', '/api/manage/dapp/owner', { token: u.accessToken })).status).toBe(200)
    await s.restart() // a fresh process: nothing in memory
    expect((await s.request('GET', '/api/manage/dapp/owner', { token: u.accessToken })).status).toBe(200)
    expect((await s.request('GET', '/api/manage/dapp/owner', { token: u.accessToken })).status).toBe(429)
  })

  it('does not count the anonymous calls (device, register, log-in) against anyone', async () => {
    s = await createTestServer({ config: { rateLimit: { perUser: 1 } } })
    const u = await signUp(s)
    await deviceToken(s)
    const login = await s.request('POST', '/api/auth/authenticate', { token: u.deviceToken, body: { email: u.email, password: u.password } })
    expect(login.status).toBe(200)
    expect((await s.request('GET', '/api/manage/dapp/owner', { token: u.accessToken })).status).toBe(200)
  })

  it('limits project creation per user apart from other calls', async () => {
    s = await createTestServer({ config: { rateLimit: { projectsPerUser: 2 } } })
    const u = await signUp(s)
    await newProject(s, u.accessToken)
    await newProject(s, u.accessToken)
    const res = await s.request('POST', '/api/manage/dapp', { token: u.accessToken, body: { name: 'Third' } })
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/)
    expect((await s.request('GET', '/api/manage/dapp/owner', { token: u.accessToken })).body).toHaveLength(2)
  })

  it('caps projects per account (PROJECT_LIMIT): 409 beyond, even under parallel creation', async () => {
    s = await createTestServer({ config: { projectLimit: 3 } })
    const u = await signUp(s)
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => s!.request('POST', '/api/manage/dapp', { token: u.accessToken, body: { name: `P${i}` } })),
    )
    expect(results.filter((r) => r.status === 201)).toHaveLength(3)
    const refused = results.filter((r) => r.status === 409)
    expect(refused).toHaveLength(3)
    expect(refused[0].body.message).toBe('You already have 3 projects, the most an account can have.')
    expect((await s.request('GET', '/api/manage/dapp/owner', { token: u.accessToken })).body).toHaveLength(3)
    // Another account has its own allowance.
    const other = await signUp(s)
    expect((await s.request('POST', '/api/manage/dapp', { token: other.accessToken, body: { name: 'Mine' } })).status).toBe(201)
  })
})
