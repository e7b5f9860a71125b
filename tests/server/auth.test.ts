import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AUTH_REQUIRED, DEVICE_EXPIRED, SESSION_EXPIRED } from '../../server/http/auth'
import { EMAIL_TAKEN, WRONG_CREDENTIALS } from '../../server/resources/session/routes'
import { DEVICE, createTestServer, deviceToken, signUp, uniqueEmail, type TestServer } from './harness'

let s: TestServer
beforeEach(async () => {
  s = await createTestServer()
})
afterEach(async () => {
  await s.close()
})

const count = async (table: string) => (await s.db.query<{ n: number }>(`SELECT count(*)::integer AS n FROM ${table}`))[0].n

describe('POST /api/device', () => {
  it('registers a device and answers 201 with a device token', async () => {
    const res = await s.request('POST', '/api/device', { body: DEVICE })
    expect(res.status).toBe(201)
    expect(Object.keys(res.body)).toEqual(['accessToken'])
    expect(res.body.accessToken).toMatch(/^fxd_[A-Za-z0-9_-]{43}$/)
    expect(await count('devices')).toBe(1)
  })

  it('accepts the two required fields alone', async () => {
    const res = await s.request('POST', '/api/device', { body: { deviceUDID: 'x', deviceType: 'IOS' } })
    expect(res.status).toBe(201)
  })

  it.each([
    ['a missing deviceType', { ...DEVICE, deviceType: undefined }, 'deviceType is required.', 'DEVICE_TYPE_REQUIRED'],
    ['an empty deviceUDID', { ...DEVICE, deviceUDID: '' }, 'deviceUDID is required.', 'DEVICE_UDID_REQUIRED'],
    ['a number where text belongs', { ...DEVICE, osVersion: 14 }, 'osVersion must be text.', 'DEVICE_FIELD_NOT_TEXT'],
    ['a long deviceType', { ...DEVICE, deviceType: 'W'.repeat(33) }, 'deviceType must be at most 32 characters.', 'DEVICE_TYPE_TOO_LONG'],
  ])('refuses %s with 400 and stores nothing', async (_, body, message, code) => {
    const res = await s.request('POST', '/api/device', { body })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message, code })
    expect(await count('devices')).toBe(0)
    expect(await count('tokens')).toBe(0)
  })

  it('does not keep the push token', async () => {
    await s.request('POST', '/api/device', { body: { ...DEVICE, pushToken: 'push-secret-123' } })
    const [row] = await s.db.query<{ info: Record<string, string> }>('SELECT info FROM devices')
    expect(row.info).not.toHaveProperty('pushToken')
    expect(JSON.stringify(row)).not.toContain('push-secret-123')
  })
})

describe('POST /api/register', () => {
  it('creates the account and answers with the accessData body', async () => {
    const token = await deviceToken(s)
    const email = uniqueEmail()
    const before = Date.now()
    const res = await s.request('POST', '/api/register', { token, body: { name: '  Ada  ', email: `  ${email.toUpperCase()} `, password: 'longenough' } })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      accessToken: expect.stringMatching(/^fxa_[A-Za-z0-9_-]{43}$/),
      tokenType: 'Bearer',
      expiresAt: expect.any(String),
      user: { id: expect.stringMatching(/^usr_[A-Za-z0-9_-]+$/), name: 'Ada', email },
    })
    // Default access-token lifetime: 12 hours.
    const ttl = Date.parse(res.body.expiresAt) - before
    expect(ttl).toBeGreaterThan(11.9 * 3600_000)
    expect(ttl).toBeLessThan(12.1 * 3600_000)
    // The new token works on the project calls at once.
    expect((await s.request('GET', '/api/manage/dapp/owner', { token: res.body.accessToken })).status).toBe(200)
  })

  it('answers 409 for an e-mail that is taken, whatever its case, and creates nothing', async () => {
    const first = await signUp(s)
    const res = await s.request('POST', '/api/register', {
      token: first.deviceToken,
      body: { name: 'Eve', email: first.email.toUpperCase(), password: 'another-password' },
    })
    expect(res.status).toBe(409)
    expect(res.body).toEqual({ message: EMAIL_TAKEN, code: 'EMAIL_TAKEN' })
    expect(await count('users')).toBe(1)
    expect(await count("tokens WHERE kind = 'access'")).toBe(1)
  })

  it('gives one account to two simultaneous sign-ups with one e-mail', async () => {
    const token = await deviceToken(s)
    const email = uniqueEmail()
    const results = await Promise.all(
      [1, 2, 3].map(() => s.request('POST', '/api/register', { token, body: { name: 'Twin', email, password: 'long enough phrase' } })),
    )
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409])
    expect(await count('users')).toBe(1)
  })

  it.each([
    ['a missing name', { email: 'a@example.com', password: 'long enough phrase' }, 'Name is required.', 'NAME_REQUIRED'],
    ['a blank name', { name: '   ', email: 'a@example.com', password: 'long enough phrase' }, 'Name is required.', 'NAME_REQUIRED'],
    [
      'a name over 120 characters',
      { name: 'n'.repeat(121), email: 'a@example.com', password: 'long enough phrase' },
      'Name must be at most 120 characters.',
      'NAME_TOO_LONG',
    ],
    ['a missing e-mail', { name: 'A', password: 'long enough phrase' }, 'E-mail address is required.', 'EMAIL_REQUIRED'],
    ['an invalid e-mail', { name: 'A', email: 'not-an-email', password: 'long enough phrase' }, 'Enter a valid e-mail address.', 'EMAIL_INVALID'],
    ['an e-mail with spaces', { name: 'A', email: 'a b@example.com', password: 'long enough phrase' }, 'Enter a valid e-mail address.', 'EMAIL_INVALID'],
    ['an e-mail of the wrong type', { name: 'A', email: ['a@example.com'], password: 'long enough phrase' }, 'E-mail address must be text.', 'EMAIL_NOT_TEXT'],
    [
      'a password under 8 characters',
      { name: 'A', email: 'a@example.com', password: '1234567' },
      'Password must be at least 8 characters.',
      'PASSWORD_TOO_SHORT',
    ],
    ['a password of the wrong type', { name: 'A', email: 'a@example.com', password: 12345678 }, 'Password must be text.', 'PASSWORD_NOT_TEXT'],
    ['a missing password', { name: 'A', email: 'a@example.com' }, 'Password is required.', 'PASSWORD_REQUIRED'],
  ])('refuses %s with 400 and creates nothing', async (_, body, message, code) => {
    const token = await deviceToken(s)
    const res = await s.request('POST', '/api/register', { token, body })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message, code })
    expect(await count('users')).toBe(0)
  })

  it('counts a 120-character name as valid, emoji as one character each', async () => {
    const token = await deviceToken(s)
    const res = await s.request('POST', '/api/register', { token, body: { name: '🙂'.repeat(120), email: uniqueEmail(), password: 'long enough phrase' } })
    expect(res.status).toBe(200)
  })
})

describe('POST /api/auth/authenticate', () => {
  it('signs in with the right password, e-mail case ignored', async () => {
    const u = await signUp(s)
    const res = await s.request('POST', '/api/auth/authenticate', { token: u.deviceToken, body: { email: u.email.toUpperCase(), password: u.password } })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ accessToken: expect.stringMatching(/^fxa_/), tokenType: 'Bearer', expiresAt: expect.any(String), user: u.user })
    expect(res.body.accessToken).not.toBe(u.accessToken)
  })

  it('gives the same 401 for a wrong password and for an unknown e-mail', async () => {
    const u = await signUp(s)
    const wrong = await s.request('POST', '/api/auth/authenticate', { token: u.deviceToken, body: { email: u.email, password: 'wrong password' } })
    const unknown = await s.request('POST', '/api/auth/authenticate', { token: u.deviceToken, body: { email: uniqueEmail('nobody'), password: u.password } })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(wrong.body).toEqual({ message: WRONG_CREDENTIALS, code: 'WRONG_CREDENTIALS' })
    expect(unknown.body).toEqual(wrong.body)
    expect(await count("tokens WHERE kind = 'access'")).toBe(1) // only the sign-up's
  })

  it('spends about as much on an unknown e-mail as on a wrong password (a dummy scrypt runs)', async () => {
    await s.close()
    // At the app's own cost: at the tests' cheaper one, scrypt is too fast for the difference to show.
    s = await createTestServer({ config: { passwordCost: undefined } })
    const u = await signUp(s)
    // The CPU this process spends on the answer (scrypt's threads included), not the time it takes:
    // the other work of a busy machine moves the one and not the other.
    const time = async (email: string) => {
      const before = process.cpuUsage()
      await s.request('POST', '/api/auth/authenticate', { token: u.deviceToken, body: { email, password: 'wrong password' } })
      const { user, system } = process.cpuUsage(before)
      return user + system
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]
    await time(uniqueEmail('warm-up')) // makes the dummy hash
    const wrong: number[] = []
    const unknown: number[] = []
    for (let i = 0; i < 3; i++) {
      wrong.push(await time(u.email))
      unknown.push(await time(uniqueEmail('nobody')))
    }
    // Without the dummy check an unknown e-mail answers ~20× faster.
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.3)
  })

  it.each([
    ['an invalid e-mail', { email: 'nope', password: 'whatever1' }, 'Enter a valid e-mail address.', 'EMAIL_INVALID'],
    ['a missing password', { email: 'a@example.com' }, 'Password is required.', 'PASSWORD_REQUIRED'],
    ['a password of the wrong type', { email: 'a@example.com', password: true }, 'Password must be text.', 'PASSWORD_NOT_TEXT'],
  ])('refuses %s with 400', async (_, body, message, code) => {
    const token = await deviceToken(s)
    const res = await s.request('POST', '/api/auth/authenticate', { token, body })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message, code })
  })
})

describe('the device token guard on register and authenticate', () => {
  const calls = [
    ['/api/register', { name: 'A', email: 'guard@example.com', password: 'long enough phrase' }],
    ['/api/auth/authenticate', { email: 'guard@example.com', password: 'long enough phrase' }],
  ] as const

  it.each(calls)('%s without a token answers 401 "Authentication required." and creates nothing', async (path, body) => {
    const res = await s.request('POST', path, { body })
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ message: AUTH_REQUIRED, code: 'AUTH_REQUIRED' })
    expect(res.headers.get('www-authenticate')).toBe('Bearer')
    expect(await count('users')).toBe(0)
  })

  it.each(calls)('%s refuses an unknown token and an access token', async (path, body) => {
    const u = await signUp(s, { email: uniqueEmail() })
    for (const headers of [{ Authorization: 'Bearer fxd_not-a-real-token' }, { Authorization: `Bearer ${u.accessToken}` }]) {
      const res = await s.request('POST', path, { body, headers })
      expect(res.status).toBe(401)
      expect(res.body).toEqual({ message: DEVICE_EXPIRED, code: 'DEVICE_UNKNOWN' })
      expect(res.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"')
    }
  })

  it.each(calls)('%s refuses an expired device token', async (path, body) => {
    const token = await deviceToken(s)
    await s.db.query("UPDATE tokens SET expires_at = now() - interval '1 second' WHERE kind = 'device'")
    const res = await s.request('POST', path, { token, body })
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ message: DEVICE_EXPIRED, code: 'DEVICE_UNKNOWN' })
  })

  it('prunes expired tokens on the retention schedule, not when devices register', async () => {
    await deviceToken(s)
    await s.db.query("UPDATE tokens SET expires_at = now() - interval '1 day'")
    await deviceToken(s)
    expect(await count('tokens')).toBe(2)
    await s.app.retention.tick()
    expect(await count('tokens')).toBe(1)
  })
})

describe('the access token', () => {
  it('expires: an expired one answers 401 with the session-expired message', async () => {
    const u = await signUp(s)
    await s.db.query("UPDATE tokens SET expires_at = now() - interval '1 second' WHERE kind = 'access'")
    const res = await s.request('GET', '/api/manage/dapp/owner', { token: u.accessToken })
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ message: SESSION_EXPIRED, code: 'SESSION_EXPIRED' })
  })

  it('answers a header that is not "Bearer <token>" as a missing one, never as an expired session', async () => {
    const u = await signUp(s)
    for (const authorization of [`Basic ${u.accessToken}`, 'Bearer', 'Bearer ', `Bearer ${u.accessToken} x`, `Token ${u.accessToken}`]) {
      for (const path of ['/api/me', '/api/manage/dapp/owner']) {
        const res = await s.request('GET', path, { headers: { Authorization: authorization } })
        expect([res.status, res.body, res.headers.get('www-authenticate'), authorization]).toEqual([
          401,
          { message: AUTH_REQUIRED, code: 'AUTH_REQUIRED' },
          'Bearer',
          authorization,
        ])
      }
    }
    // The device token's calls alike: no DEVICE_UNKNOWN (which has the widget register again) for a malformed header.
    const register = await s.request('POST', '/api/register', {
      headers: { Authorization: 'Basic YTpi' },
      body: { name: 'A', email: uniqueEmail(), password: 'long enough phrase' },
    })
    expect([register.status, register.body]).toEqual([401, { message: AUTH_REQUIRED, code: 'AUTH_REQUIRED' }])
    // The same header with the token alone is admitted: it was the header's form that was refused.
    expect((await s.request('GET', '/api/me', { token: u.accessToken })).status).toBe(200)
  })

  it('comes with the configured lifetime', async () => {
    await s.close()
    // The app's own clock, held still: the lifetime is exact, whatever the machine's load.
    const now = Date.parse('2030-01-31T12:00:00Z')
    s = await createTestServer({ config: { accessTokenTtlSeconds: 120 }, clock: () => now })
    const u = await signUp(s)
    const [row] = await s.db.query<{ expires_at: Date }>("SELECT expires_at FROM tokens WHERE kind = 'access'")
    expect(row.expires_at.getTime()).toBe(now + 120_000)
    expect(u.accessToken).toMatch(/^fxa_/)
  })
})
