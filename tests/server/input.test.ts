import { afterEach, describe, expect, it } from 'vitest'
import { DEVICE, createTestServer, deviceToken, newProject, signUp, uniqueEmail, type TestServer } from './harness'

let s: TestServer | undefined
afterEach(async () => {
  await s?.close()
  s = undefined
})

const CANNOT_STORE = /contains a character that cannot be stored \(a NUL byte or an unpaired surrogate\)\.$/
// As they travel in JSON: a NUL, and the two halves of a surrogate pair, each alone.
const BAD = { nul: 'a\\u0000b', high: 'a\\ud800b', low: 'a\\udc00b' }

describe('text that cannot be stored gets 400 with a clear message, never a 500', () => {
  it.each(Object.entries(BAD))('in every field of every anonymous route (%s)', async (_, bad) => {
    s = await createTestServer()
    const raw = (fields: Record<string, string>, badField: string) => JSON.stringify(fields).replace(`"${badField}":"x"`, `"${badField}":"${bad}"`)
    const device = await s.request('POST', '/api/device', { raw: raw({ ...DEVICE, deviceModel: 'x' }, 'deviceModel') })
    expect(device.status).toBe(400)
    expect(device.body.message).toMatch(/^deviceModel /)
    expect(device.body.message).toMatch(CANNOT_STORE)

    const token = await deviceToken(s)
    for (const field of ['name', 'email', 'password']) {
      const body = { name: 'Ada', email: uniqueEmail(), password: 'correct horse battery', [field]: 'x' }
      const res = await s.request('POST', '/api/register', { token, raw: raw(body, field) })
      expect(res.status, field).toBe(400)
      expect(res.body.message).toBe(`${field} contains a character that cannot be stored (a NUL byte or an unpaired surrogate).`)
    }
    const login = await s.request('POST', '/api/auth/authenticate', { token, raw: raw({ email: 'x', password: 'secret words' }, 'email') })
    expect(login.status).toBe(400)
    expect(s.logs.filter((l) => l.startsWith('error'))).toEqual([])
  })

  it('in project fields and in field names', async () => {
    s = await createTestServer()
    const u = await signUp(s)
    for (const raw of ['{"name":"a\\u0000"}', '{"name":"ok","description":"\\udfff"}', '{"name":"ok","x\\u0000":1}', '{"name":"ok","tags":["\\ud83d"]}']) {
      const res = await s.request('POST', '/api/manage/dapp', { token: u.accessToken, raw })
      expect(res.status, raw).toBe(400)
      expect(res.body.message).toMatch(CANNOT_STORE)
    }
    // A whole surrogate pair (an emoji) is fine.
    expect((await s.request('POST', '/api/manage/dapp', { token: u.accessToken, raw: '{"name":"\\ud83d\\ude80 Rocket"}' })).status).toBe(201)
    expect((await s.request('GET', '/api/manage/dapp/owner', { token: u.accessToken })).body).toHaveLength(1)
  })

  it.each(['%00', 'prj%00x', '%ED%A0%80', '%E0%A4%A', '%'])('in a path segment: /manage/dapp/%s', async (segment) => {
    s = await createTestServer()
    const u = await signUp(s)
    const project = await newProject(s, u.accessToken)
    for (const path of [`/api/manage/dapp/${segment}`, `/api/manage/dapp/${segment}/api-key`, `/api/manage/dapp/${project.id}/api-key/${segment}`]) {
      const method = path.endsWith('api-key') ? 'POST' : path.includes('/api-key/') ? 'DELETE' : 'GET'
      const res = await s.request(method, path, { token: u.accessToken })
      expect(res.status, path).toBe(400)
      expect(res.body.message).toMatch(/^The address of the request (contains a character that cannot be stored|is not valid)/)
    }
    expect(s.logs.filter((l) => l.startsWith('error'))).toEqual([])
  })

  it('checks the path before the token: an anonymous caller gets the same 400', async () => {
    s = await createTestServer()
    const res = await s.request('GET', '/api/manage/dapp/%00')
    expect(res.status).toBe(400)
  })
})
