import { afterEach, describe, expect, it } from 'vitest'
import { migrate } from '../../server/db/migrate'
import { createTestServer, deviceToken, newProject, signUp, uniqueEmail, type TestServer } from './harness'

let s: TestServer | undefined
afterEach(async () => {
  await s?.close()
  s = undefined
})

describe('POST /auth/logout', () => {
  it('revokes the access token: 204, then 401 on every call with it', async () => {
    s = await createTestServer()
    const u = await signUp(s)
    const project = await newProject(s, u.accessToken)
    const res = await s.request('POST', '/api/auth/logout', { token: u.accessToken })
    expect(res.status).toBe(204)
    expect(res.text).toBe('')
    for (const [method, path] of [
      ['GET', '/api/manage/dapp/owner'],
      ['GET', `/api/manage/dapp/${project.id}`],
      ['POST', `/api/manage/dapp/${project.id}/api-key`],
      ['POST', '/api/auth/logout'],
    ]) {
      const after = await s.request(method, path, { token: u.accessToken })
      expect(after.status, `${method} ${path}`).toBe(401)
      expect(after.body.message).toBe('Your session has expired. Please log in again.')
    }
  })

  it('ends only that session: another sign-in of the same user keeps working', async () => {
    s = await createTestServer()
    const u = await signUp(s)
    const again = await s.request('POST', '/api/auth/authenticate', { token: u.deviceToken, body: { email: u.email, password: u.password } })
    expect((await s.request('POST', '/api/auth/logout', { token: u.accessToken })).status).toBe(204)
    expect((await s.request('GET', '/api/manage/dapp/owner', { token: again.body.accessToken })).status).toBe(200)
  })

  it('refuses a device token and a missing token with 401', async () => {
    s = await createTestServer()
    const device = await deviceToken(s)
    expect((await s.request('POST', '/api/auth/logout', { token: device })).status).toBe(401)
    expect((await s.request('POST', '/api/auth/logout')).status).toBe(401)
  })
})

describe('a device token the server does not know', () => {
  it.each(['/api/register', '/api/auth/authenticate'])('%s answers 401 with code DEVICE_UNKNOWN', async (path) => {
    s = await createTestServer()
    const token = await deviceToken(s)
    await s.db.query('DELETE FROM devices') // forgotten: pruned, or a database restored from a backup
    const res = await s.request('POST', path, { token, body: { name: 'Ada', email: uniqueEmail(), password: 'correct horse battery' } })
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ message: 'This page has been open too long. Reload it and try again.', code: 'DEVICE_UNKNOWN' })
  })

  it('an unknown access token carries the session code, not the device one', async () => {
    s = await createTestServer()
    const res = await s.request('GET', '/api/manage/dapp/owner', { token: 'fxa_unknown' })
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('SESSION_EXPIRED')
  })
})

describe('e-mail addresses are NFC-normalised and lower-cased', () => {
  const composed = () => `jos\u00e9.${Date.now()}${Math.random().toString(36).slice(2, 6)}@example.com`

  it('the decomposed and upper-case forms are the same account', async () => {
    s = await createTestServer()
    const email = composed()
    const decomposed = email.normalize('NFD').toUpperCase()
    const u = await signUp(s, { email })
    const twin = await s.request('POST', '/api/register', { token: u.deviceToken, body: { name: 'Twin', email: decomposed, password: 'another long phrase' } })
    expect(twin.status).toBe(409)
    const login = await s.request('POST', '/api/auth/authenticate', { token: u.deviceToken, body: { email: decomposed, password: u.password } })
    expect(login.status).toBe(200)
    expect(login.body.user.email).toBe(email)
  })

  it('migration 003 brings stored addresses to NFC; a twin whose NFC form is already taken keeps its old form', async () => {
    s = await createTestServer()
    const alone = composed()
    const twin = composed()
    await s.db.query('DELETE FROM schema_migrations WHERE version = 3')
    await s.db.query(
      `INSERT INTO users (id, email, name, password_hash, created_at) VALUES
         ('usr_a', $1, 'A', 'x', now() - interval '2 days'),
         ('usr_b', $2, 'B', 'x', now() - interval '2 days'),
         ('usr_c', $3, 'C', 'x', now() - interval '1 day')`,
      [alone.normalize('NFD'), twin.normalize('NFD'), twin],
    )
    expect(await migrate(s.db)).toEqual([3])
    const rows = await s.db.query("SELECT id, email FROM users WHERE id IN ('usr_a', 'usr_b', 'usr_c') ORDER BY id")
    expect(rows).toEqual([
      { id: 'usr_a', email: alone },
      { id: 'usr_b', email: twin.normalize('NFD') },
      { id: 'usr_c', email: twin },
    ])
  })
})
