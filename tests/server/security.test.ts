import { createHash } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { INTERNAL_ERROR } from '../../server/http/errors'
import { hashPassword, verifyPassword } from '../../server/security/password'
import { createTestServer, deviceToken, newProject, signUp, type TestServer } from './harness'

let s: TestServer
const SERVICE_TOKEN = 'a-long-random-service-token-for-tests'
beforeEach(async () => {
  s = await createTestServer({ config: { serviceToken: SERVICE_TOKEN } })
})
afterEach(async () => {
  await s.close()
})

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex')

/** Every row of every table of ours, as one string. */
async function everythingStored(): Promise<string> {
  const tables = await s.db.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
  )
  expect(tables.map((t) => t.table_name).sort()).toEqual([
    'account_codes',
    'api_keys',
    'audit_log',
    'devices',
    'encryption_key_check',
    'key_usage',
    'known_devices',
    'project_members',
    'projects',
    'rate_limits',
    'request_log_hours',
    'request_logs',
    'schema_migrations',
    'session_codes',
    'tokens',
    'usage_batches',
    'used_codes',
    'users',
    'webhook_attempts',
    'webhook_deliveries',
    'webhook_endpoints',
    'webhook_messages',
    'webhook_secrets',
  ])
  const dump: Record<string, unknown[]> = {}
  for (const { table_name } of tables) dump[table_name] = await s.db.query(`SELECT * FROM ${table_name}`)
  return JSON.stringify(dump)
}

describe('secrets at rest', () => {
  it('stores no password, token, API key or webhook secret in plaintext — only hashes', async () => {
    const password = 'plaintext-password-123'
    const a = await signUp(s, { password })
    const login = await s.request('POST', '/api/auth/authenticate', { token: a.deviceToken, body: { email: a.email, password } })
    const p = await newProject(s, a.accessToken)
    const extra = await s.request('POST', `/api/manage/dapp/${p.id}/api-key`, { token: a.accessToken })
    const keys = [...Object.values(p.apiKey), ...(Object.values(extra.body) as string[])]
    // Host sign-in: one code exchanged, one still waiting.
    const code = async () =>
      (await s.request('POST', '/api/sessions', { headers: { Authorization: `Bearer ${SERVICE_TOKEN}` }, body: { externalId: 'ext-1' } })).body.code as string
    const [used, waiting] = [await code(), await code()]
    const exchanged = await s.request('POST', '/api/auth/exchange', { token: a.deviceToken, body: { code: used } })
    const secrets = [password, a.deviceToken, a.accessToken, login.body.accessToken, p.webhookSecret, ...keys, used, waiting, exchanged.body.accessToken]

    const stored = await everythingStored()
    for (const secret of secrets) {
      expect(stored).not.toContain(secret)
      // Nor a recognisable piece of one (the 4 last characters of keys are kept on purpose).
      expect(stored).not.toContain(secret.slice(4, 24))
    }

    // What is stored is the SHA-256 of each token and key.
    const tokenHashes = (await s.db.query<{ token_hash: string }>('SELECT token_hash FROM tokens')).map((r) => r.token_hash)
    expect(tokenHashes).toEqual(expect.arrayContaining([a.deviceToken, a.accessToken, login.body.accessToken].map(sha256)))
    const keyRows = await s.db.query<{ key_hash: string; last4: string }>('SELECT key_hash, last4 FROM api_keys ORDER BY seq')
    expect(keyRows).toEqual(keys.map((k) => ({ key_hash: sha256(k), last4: k.slice(-4) })))
    const [project] = await s.db.query<{ webhook_secret_hash: string }>('SELECT webhook_secret_hash FROM projects')
    expect(project.webhook_secret_hash).toBe(sha256(p.webhookSecret))
    expect(await s.db.query('SELECT code_hash FROM session_codes')).toEqual([{ code_hash: sha256(waiting) }])
  })

  it('hashes passwords with scrypt at OWASP’s minimum cost and a salt of their own: one password, two different hashes', async () => {
    await s.close()
    s = await createTestServer({ config: { passwordCost: undefined } }) // the app's own cost, not the tests' cheaper one
    const password = 'same-password-for-both'
    await signUp(s, { password })
    await signUp(s, { password })
    const rows = await s.db.query<{ password_hash: string }>('SELECT password_hash FROM users')
    expect(rows).toHaveLength(2)
    for (const { password_hash } of rows) expect(password_hash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{88}$/)
    expect(rows[0].password_hash).not.toBe(rows[1].password_hash)
    expect(rows[0].password_hash.split('$')[4]).not.toBe(rows[1].password_hash.split('$')[4])
  })
})

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one or a malformed hash', async () => {
    const hash = await hashPassword('pässwörd-ñ')
    expect(await verifyPassword('pässwörd-ñ', hash)).toBe(true)
    // The same text in another Unicode normal form is the same password.
    expect(await verifyPassword('pässwörd-ñ'.normalize('NFD'), hash)).toBe(true)
    expect(await verifyPassword('passwörd-ñ', hash)).toBe(false)
    expect(await verifyPassword('x', 'not-a-hash')).toBe(false)
    expect(await verifyPassword('x', 'bcrypt$1$2$3$YQ==$YQ==')).toBe(false)
  })
})

describe('errors never leak internals', () => {
  it('answers an unexpected failure with a bare 500 and logs it without the request’s secrets', async () => {
    const u = await signUp(s)
    await s.db.exec('DROP TABLE api_keys; DROP TABLE projects CASCADE')
    const res = await s.request('GET', '/api/manage/dapp/owner', { token: u.accessToken })
    expect(res.status).toBe(500)
    expect(res.body).toEqual({ message: INTERNAL_ERROR, code: 'INTERNAL_ERROR' })
    expect(res.text).not.toMatch(/projects|relation|select|stack|\.ts/i)

    const errorLines = s.logs.filter((l) => l.startsWith('error '))
    expect(errorLines).toHaveLength(1)
    expect(errorLines[0]).toContain('relation "projects" does not exist')
    expect(s.logs.join('\n')).not.toContain(u.accessToken)
  })

  it('answers 500 the same way on a failed create, leaving no half-made project', async () => {
    const u = await signUp(s)
    await s.db.exec('DROP TABLE api_keys')
    const res = await s.request('POST', '/api/manage/dapp', { token: u.accessToken, body: { name: 'Half' } })
    expect(res.status).toBe(500)
    expect(res.body).toEqual({ message: INTERNAL_ERROR, code: 'INTERNAL_ERROR' })
    expect((await s.db.query('SELECT id FROM projects')).length).toBe(0)
  })
})

describe('request log', () => {
  it('writes one line per request — method, path, status, duration — and nothing secret', async () => {
    const password = 'log-me-never-123'
    const u = await signUp(s, { password })
    const login = await s.request('POST', '/api/auth/authenticate', { token: u.deviceToken, body: { email: u.email, password } })
    const p = await newProject(s, u.accessToken)
    const key = await s.request('POST', `/api/manage/dapp/${p.id}/api-key`, { token: u.accessToken })
    await s.request('GET', `/api/manage/dapp/${p.id}`, { token: u.accessToken })
    await s.request('GET', '/api/health?access_token=query-secret-value')
    await s.request('GET', '/api/%0aforged%20line')
    expect(s.logs).toHaveLength(8) // device, register, authenticate, create, key, get, health, not found
    for (const line of s.logs) expect(line).toMatch(/^(GET|POST|DELETE) \/\S* \d{3} \d+ms$/)
    expect(s.logs[0]).toMatch(/^POST \/api\/device 201 \d+ms$/)
    expect(s.logs[6]).toMatch(/^GET \/api\/health 200 \d+ms$/)
    expect(s.logs[7]).toMatch(/^GET \/api\/%0aforged%20line 404 \d+ms$/)

    const all = s.logs.join('\n')
    for (const secret of [
      password,
      u.email,
      u.deviceToken,
      u.accessToken,
      login.body.accessToken,
      p.webhookSecret,
      ...Object.values(p.apiKey),
      ...(Object.values(key.body) as string[]),
      'query-secret-value',
    ]) {
      expect(all).not.toContain(secret)
    }
  })

  it('logs a request whose token is refused', async () => {
    await s.request('GET', '/api/manage/dapp/owner', { token: 'fxa_secret-but-wrong' })
    expect(s.logs).toEqual([expect.stringMatching(/^GET \/api\/manage\/dapp\/owner 401 \d+ms$/)])
  })
})

describe('identifiers', () => {
  it('are URL-safe and unguessable', async () => {
    const token = await deviceToken(s)
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/)
    const u = await signUp(s)
    const ids = new Set<string>()
    for (let i = 0; i < 5; i++) {
      const p = await newProject(s, u.accessToken, { name: `P${i}` })
      for (const id of [p.id, ...Object.keys(p.apiKey)]) {
        expect(encodeURIComponent(id)).toBe(id)
        ids.add(id)
      }
    }
    expect(ids.size).toBe(10)
  })
})
