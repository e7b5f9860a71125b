import { afterEach, describe, expect, it } from 'vitest'
import { TOO_DEEP } from '../../server/http/json-depth'
import { createTestServer, deviceToken, newProject, signUp, uniqueEmail, type TestServer } from './harness'

const SERVICE_TOKEN = 'a-long-random-service-token-for-tests'

let s: TestServer | undefined
afterEach(async () => {
  await s?.close()
  s = undefined
})

/** A body `levels` deep: `fields`, and beside them `"deep":[[…[1]…]]` (two bytes a level, so 30,000 fit in 64 kB). */
const nested = (levels: number, fields: Record<string, unknown> = {}) => {
  const inner = '['.repeat(levels - 1) + '1' + ']'.repeat(levels - 1)
  const outer = JSON.stringify(fields)
  return `${outer.slice(0, -1)}${outer === '{}' ? '' : ','}"deep":${inner}}`
}
const errorLines = () => s!.logs.filter((l) => l.startsWith('error'))

describe('deeply nested JSON gets 400 with a clear message, never a 500 or a stack trace', () => {
  it('on every JSON route, POST /api/device, host sign-in and key verification among them', async () => {
    s = await createTestServer({ config: { serviceToken: SERVICE_TOKEN } })
    const u = await signUp(s)
    const p = await newProject(s, u.accessToken)
    const keyId = Object.keys(p.apiKey)[0]
    const device = await deviceToken(s)
    const routes: Array<[string, string, string | undefined, Record<string, unknown>]> = [
      ['POST', '/api/device', undefined, { deviceType: 'WEB' }],
      ['POST', '/api/register', device, { name: 'Ada', email: uniqueEmail(), password: 'correct horse battery' }],
      ['POST', '/api/auth/authenticate', device, { email: u.email, password: u.password }],
      ['POST', '/api/manage/dapp', u.accessToken, { name: 'Deep' }],
      ['POST', `/api/manage/dapp/${p.id}/api-key`, u.accessToken, {}],
      ['PATCH', `/api/manage/dapp/${p.id}/api-key/${keyId}`, u.accessToken, { name: 'Deep' }],
      ['POST', `/api/manage/dapp/${p.id}/api-key/${keyId}/roll`, u.accessToken, { graceSeconds: 0 }],
      ['POST', '/api/keys/verify', SERVICE_TOKEN, { key: p.apiKey[keyId] }],
      ['POST', '/api/sessions', SERVICE_TOKEN, { externalId: 'user-42' }],
      ['POST', '/api/auth/exchange', device, { code: 'not-a-real-code' }],
      ['POST', `/api/manage/dapp/${p.id}/webhooks`, u.accessToken, { url: 'https://93.184.216.34/hook' }],
      ['POST', '/api/webhooks/messages', SERVICE_TOKEN, { projectId: p.id, eventType: 'webhook.test', payload: {} }],
    ]
    for (const [method, path, token, fields] of routes) {
      for (const levels of [65, 10_000, 30_000]) {
        const res = await s.request(method, path, { token, raw: nested(levels, fields) })
        expect(res, `${method} ${path} ×${levels}`).toMatchObject({ status: 400, body: { message: TOO_DEEP } })
      }
    }
    // 64 levels is still a body the routes read (and ignore the unknown field of).
    expect((await s.request('POST', '/api/manage/dapp', { token: u.accessToken, raw: nested(64, { name: 'Just deep enough' }) })).status).toBe(201)
    expect((await s.request('POST', '/api/keys/verify', { token: SERVICE_TOKEN, raw: nested(64, { key: p.apiKey[keyId] }) })).body.valid).toBe(true)
    expect(errorLines()).toEqual([])
    expect((await s.request('GET', `/api/manage/dapp/${p.id}`, { token: u.accessToken })).body.keys).toHaveLength(1)
    // Each refused body has its own log line (only 200s are summarised).
    expect(s.logs.filter((l) => /^POST \/api\/keys\/verify 400 /.test(l))).toHaveLength(3)
  })
})

describe('dates must exist: refused with 400, never moved to another day', () => {
  it.each([
    ['February 30', '2030-02-30T00:00:00Z'],
    ['February 29 of a common year', '2031-02-29T12:00:00Z'],
    ['24:00', '2030-01-31T24:00:00Z'],
    ['minute 60', '2030-01-31T12:60Z'],
    ['second 60', '2030-01-31T12:00:60Z'],
    ['month 13', '2030-13-01T00:00:00Z'],
    ['day 0', '2030-01-00T00:00:00Z'],
    ['an offset of 24 hours', '2030-01-31T12:00:00+24:00'],
    ['an offset past the year 9999 in UTC', '9999-12-31T23:59:59-00:01'],
    ['an offset before the year 1 in UTC', '0001-01-01T00:00:00+00:01'],
  ])('%s', async (_, expiresAt) => {
    s = await createTestServer()
    const u = await signUp(s)
    const p = await newProject(s, u.accessToken)
    const keyId = Object.keys(p.apiKey)[0]
    const message = 'Key expiry must be a date and time that exists (no February 30, no 24:00), from the year 1 to 9999 in UTC, such as 2030-01-31T12:00:00Z.'
    expect(await s.request('POST', `/api/manage/dapp/${p.id}/api-key`, { token: u.accessToken, body: { expiresAt } })).toMatchObject({
      status: 400,
      body: { message },
    })
    expect(await s.request('PATCH', `/api/manage/dapp/${p.id}/api-key/${keyId}`, { token: u.accessToken, body: { expiresAt } })).toMatchObject({
      status: 400,
      body: { message },
    })
    const keys = (await s.request('GET', `/api/manage/dapp/${p.id}`, { token: u.accessToken })).body.keys
    expect(keys).toEqual([expect.objectContaining({ id: keyId, expiresAt: null })])
  })

  it('takes a real leap day and an offset as given', async () => {
    s = await createTestServer()
    const u = await signUp(s)
    const p = await newProject(s, u.accessToken)
    const keyId = Object.keys(p.apiKey)[0]
    const res = await s.request('PATCH', `/api/manage/dapp/${p.id}/api-key/${keyId}`, {
      token: u.accessToken,
      body: { expiresAt: '2032-02-29T23:30:00+05:30' },
    })
    expect(res).toMatchObject({ status: 200, body: { expiresAt: '2032-02-29T18:00:00.000Z' } })
  })
})

describe('e-mail addresses with invisible or control characters get 400 wherever an address is taken', () => {
  const INVISIBLE = 'E-mail address must not contain invisible or control characters (such as a zero-width space or a soft hyphen).'
  it.each([
    ['a zero-width space', '\u200b'],
    ['a soft hyphen', '\u00ad'],
    ['a zero-width joiner', '\u200d'],
    ['a word joiner', '\u2060'],
    ['a right-to-left mark', '\u200f'],
    ['a control character', '\u0007'],
  ])('%s: no look-alike account at sign-up, and no log-in with it', async (_, char) => {
    s = await createTestServer()
    const real = await signUp(s, { email: 'ada@example.com' })
    const token = await deviceToken(s)
    for (const lookalike of [`ad${char}a@example.com`, `ada@exam${char}ple.com`, `ada@example.com${char}x`]) {
      const register = await s.request('POST', '/api/register', { token, body: { name: 'Mallory', email: lookalike, password: 'correct horse battery' } })
      expect(register, JSON.stringify(lookalike)).toMatchObject({ status: 400, body: { message: INVISIBLE } })
      const login = await s.request('POST', '/api/auth/authenticate', { token, body: { email: lookalike, password: real.password } })
      expect(login).toMatchObject({ status: 400, body: { message: INVISIBLE } })
    }
    const [{ n }] = await s.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM users')
    expect(n).toBe(1)
  })
})
