import { afterEach, describe, expect, it } from 'vitest'
import { BYTES_PER_CALL } from '../../server/http/user-limit'
import { createTestServer, deviceToken, newProject, signUp, type TestServer, type SignedUp } from './harness'

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
    expect(res.body.code).toBe('TOO_MANY_REQUESTS')
    const retryAfter = Number(res.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(10)
    // Every route the access token opens counts, before its body is read.
    expect((await s.request('POST', '/api/manage/dapp', { token: noisy.accessToken, raw: '{not json' })).status).toBe(429)
    expect((await s.request('GET', '/api/manage/dapp/owner', { token: quiet.accessToken })).status).toBe(200)
    // Signing out is never refused: a user over budget can still end the session.
    expect((await s.request('POST', '/api/auth/logout', { token: noisy.accessToken })).status).toBe(204)
  })

  /** Gives the user `n` projects of 2,000-character descriptions, straight in the table (the API would take a while). */
  async function longList(server: TestServer, u: SignedUp, n: number) {
    const [{ id }] = await server.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [u.email])
    await server.db.query(
      `INSERT INTO projects (id, owner_id, name, description, webhook_secret_hash)
       SELECT 'prj_long' || g || '_' || $1, $1, 'Long ' || g, repeat('x', 2000), 'unused' FROM generate_series(1, $2::int) g`,
      [id, n],
    )
  }

  it('weighs a large list by its bytes: a user whose list is long is refused sooner; an unchanged list (304) costs one call', async () => {
    s = await createTestServer({ config: { rateLimit: { perUser: 60 } } }) // 10 calls a window
    const heavy = await signUp(s)
    const light = await signUp(s)
    await longList(s, heavy, 300)
    const first = await s.request('GET', '/api/manage/dapp/owner', { token: heavy.accessToken })
    expect(first.status).toBe(200)
    const bytes = JSON.stringify(first.body).length
    const cost = 1 + Math.floor(bytes / BYTES_PER_CALL)
    expect(cost).toBe(5)
    expect((await s.request('GET', '/api/manage/dapp/owner', { token: heavy.accessToken })).status).toBe(200) // 10 of 10
    expect((await s.request('GET', '/api/manage/dapp/owner', { token: heavy.accessToken })).status).toBe(429)
    // A short list costs one call: ten in the same window.
    for (let i = 0; i < 10; i++) expect((await s.request('GET', '/api/manage/dapp/owner', { token: light.accessToken })).status).toBe(200)
    expect((await s.request('GET', '/api/manage/dapp/owner', { token: light.accessToken })).status).toBe(429)
  })

  it('an unchanged long list answered 304 costs one call, not its size', async () => {
    s = await createTestServer({ config: { rateLimit: { perUser: 60 } } })
    const heavy = await signUp(s)
    await longList(s, heavy, 300)
    const first = await s.request('GET', '/api/manage/dapp/owner', { token: heavy.accessToken }) // 5 of 10
    const etag = first.headers.get('etag')!
    for (let i = 0; i < 5; i++) {
      const again = await s.request('GET', '/api/manage/dapp/owner', { token: heavy.accessToken, headers: { 'If-None-Match': etag } })
      expect(again.status).toBe(304)
    }
    expect((await s.request('GET', '/api/manage/dapp/owner', { token: heavy.accessToken, headers: { 'If-None-Match': etag } })).status).toBe(429)
  })

  it('calls waiting their turn are refused once the answers before them put the user over budget', async () => {
    s = await createTestServer({ config: { rateLimit: { perUser: 60 } } })
    const heavy = await signUp(s)
    await longList(s, heavy, 300)
    // Six at once, two served at a time: each answer weighs 4 more calls, so the second or third answer
    // puts the user over its 10, and whatever still waits its turn then is refused. How the counts,
    // the answers and their weights interleave is a race, so two to four are served; unweighed, all six were.
    const results = await Promise.all(Array.from({ length: 6 }, () => s!.request('GET', '/api/manage/dapp/owner', { token: heavy.accessToken })))
    const served = results.filter((r) => r.status === 200).length
    expect(served).toBeGreaterThanOrEqual(2)
    expect(served).toBeLessThanOrEqual(4)
    expect(results.filter((r) => r.status === 429)).toHaveLength(6 - served)
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
