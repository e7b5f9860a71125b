import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AUTH_REQUIRED, SESSION_EXPIRED } from '../../server/http/auth'
import { KEY_NOT_FOUND } from '../../server/resources/api-keys/routes'
import { PROJECT_NOT_FOUND } from '../../server/security/authorization'
import type { Database, Row } from '../../server/db/index'
import { getProject } from '../../server/resources/projects/lifecycle'
import { createTestServer, newProject, signUp, type SignedUp, type TestServer } from './harness'

let s: TestServer
let owner: SignedUp
beforeEach(async () => {
  s = await createTestServer()
  owner = await signUp(s)
})
afterEach(async () => {
  await s.close()
})

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/
const FULL_KEY = /^fxk_[A-Za-z0-9_-]{43}$/
const MASKED_KEY = /^fxk_…[A-Za-z0-9_-]{4}$/
const count = async (table: string) => (await s.db.query<{ n: number }>(`SELECT count(*)::integer AS n FROM ${table}`))[0].n

describe('POST /api/manage/dapp', () => {
  it('creates a project with one key pair and a webhook secret, shown in full this once', async () => {
    const before = Date.now()
    const res = await s.request('POST', '/api/manage/dapp', { token: owner.accessToken, body: { name: ' Weather app ', description: 'Forecasts' } })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({
      id: expect.stringMatching(/^prj_[A-Za-z0-9_-]{22}$/),
      name: 'Weather app',
      description: 'Forecasts',
      createDate: expect.stringMatching(ISO),
      status: 'ACTIVE',
      apiKey: expect.any(Object),
      // Standard Webhooks: whsec_ and the standard base64 of 32 random bytes.
      webhookSecret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    })
    expect(Date.parse(res.body.createDate)).toBeGreaterThanOrEqual(before - 1000)
    const entries = Object.entries(res.body.apiKey as Record<string, string>)
    expect(entries).toHaveLength(1)
    expect(entries[0][0]).toMatch(/^apid_[A-Za-z0-9_-]{16}$/)
    expect(entries[0][1]).toMatch(FULL_KEY)
  })

  it('takes a missing description (the portal sends empty ones as undefined) as ""', async () => {
    const res = await s.request('POST', '/api/manage/dapp', { token: owner.accessToken, body: { name: 'No description' } })
    expect(res.status).toBe(201)
    expect(res.body.description).toBe('')
    const nulled = await s.request('POST', '/api/manage/dapp', { token: owner.accessToken, body: { name: 'Null description', description: null } })
    expect(nulled.body.description).toBe('')
  })

  it('keeps a description’s line breaks, tabs and invisible joiners inside text as they were sent', async () => {
    const description = 'First line\r\n\tindented\nlast, with an emoji 👩\u200d💻 and an accent, é'
    const res = await s.request('POST', '/api/manage/dapp', { token: owner.accessToken, body: { name: 'Lines', description } })
    expect([res.status, res.body.description]).toEqual([201, description])
  })

  it('accepts a name of exactly 120 and a description of exactly 2000 characters', async () => {
    const res = await s.request('POST', '/api/manage/dapp', { token: owner.accessToken, body: { name: 'n'.repeat(120), description: 'd'.repeat(2000) } })
    expect(res.status).toBe(201)
  })

  it.each([
    ['an empty body (name and description undefined)', {}, 'Project name is required.', 'PROJECT_NAME_REQUIRED'],
    ['an empty name', { name: '', description: 'x' }, 'Project name is required.', 'PROJECT_NAME_REQUIRED'],
    ['a blank name', { name: '   ' }, 'Project name is required.', 'PROJECT_NAME_REQUIRED'],
    ['a name that is not text', { name: 42 }, 'Project name must be text.', 'PROJECT_NAME_NOT_TEXT'],
    ['a name over 120 characters', { name: 'n'.repeat(121) }, 'Project name must be at most 120 characters.', 'PROJECT_NAME_TOO_LONG'],
    [
      'a description over 2000 characters',
      { name: 'ok', description: 'd'.repeat(2001) },
      'Project description must be at most 2000 characters.',
      'PROJECT_DESCRIPTION_TOO_LONG',
    ],
    ['a description that is not text', { name: 'ok', description: { text: 'x' } }, 'Project description must be text.', 'PROJECT_DESCRIPTION_NOT_TEXT'],
    ...[
      ['an escape sequence', 'Build \u001b[31mfailed\u001b[0m'],
      ['a bell', 'a\u0007b'],
      ['a right-to-left override', 'Download \u202egnp.exe'],
      ['a line separator', 'a\u2028b'],
    ].map(([what, description]): [string, object, string, string] => [
      `a description with ${what}`,
      { name: 'ok', description },
      'Project description must not contain control characters other than line breaks and tabs.',
      'PROJECT_DESCRIPTION_CONTROL_CHARACTERS',
    ]),
    [
      'a description of nothing visible',
      { name: 'ok', description: '\u200b\u2060\u00ad' },
      'Project description must contain a visible character, not only spaces or invisible characters.',
      'PROJECT_DESCRIPTION_BLANK',
    ],
  ])('refuses %s with 400 and creates nothing', async (_, body, message, code) => {
    const res = await s.request('POST', '/api/manage/dapp', { token: owner.accessToken, body })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message, code })
    expect(await count('projects')).toBe(0)
    expect(await count('api_keys')).toBe(0)
  })

  it.each([
    ['malformed JSON', '{"name": "x"', 'The request body is not valid JSON.', 'BODY_INVALID_JSON'],
    ['a JSON array', '["name"]', 'The request body must be a JSON object.', 'BODY_NOT_AN_OBJECT'],
    ['a JSON string', '"name"', 'The request body must be a JSON object.', 'BODY_NOT_AN_OBJECT'],
    ['JSON null', 'null', 'The request body must be a JSON object.', 'BODY_NOT_AN_OBJECT'],
  ])('refuses %s with 400', async (_, raw, message, code) => {
    const res = await s.request('POST', '/api/manage/dapp', { token: owner.accessToken, raw })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message, code })
    expect(await count('projects')).toBe(0)
  })
})

describe('GET /api/manage/dapp/owner', () => {
  it('lists the caller’s projects, newest first, without keys or secrets', async () => {
    const a = await newProject(s, owner.accessToken, { name: 'First' })
    const b = await newProject(s, owner.accessToken, { name: 'Second', description: 'two' })
    const c = await newProject(s, owner.accessToken, { name: 'Third' })
    const res = await s.request('GET', '/api/manage/dapp/owner', { token: owner.accessToken })
    expect(res.status).toBe(200)
    expect(res.body.map((p: { id: string }) => p.id)).toEqual([c.id, b.id, a.id])
    expect(res.body[1]).toEqual({ id: b.id, name: 'Second', description: 'two', createDate: b.createDate, status: 'ACTIVE', role: 'owner' })
  })

  it('is an empty array for a new user', async () => {
    const res = await s.request('GET', '/api/manage/dapp/owner', { token: owner.accessToken })
    expect(res.status).toBe(200)
    expect(res.body).toEqual([])
  })
})

describe('GET /api/manage/dapp/{id}', () => {
  it('returns the project with every key masked, in creation order', async () => {
    const p = await newProject(s, owner.accessToken)
    const second = await s.request('POST', `/api/manage/dapp/${p.id}/api-key`, { token: owner.accessToken })
    const third = await s.request('POST', `/api/manage/dapp/${p.id}/api-key`, { token: owner.accessToken })
    const res = await s.request('GET', `/api/manage/dapp/${p.id}`, { token: owner.accessToken })
    expect(res.status).toBe(200)
    const { webhookSecret: _, apiKey: created, ...summary } = p
    expect(res.body).toEqual({ ...summary, apiKey: expect.any(Object), keys: expect.any(Array), keyLimit: 20, role: 'owner' })
    expect(res.body).not.toHaveProperty('webhookSecret')

    const fullKeys = { ...created, ...second.body, ...third.body } as Record<string, string>
    expect(Object.keys(res.body.apiKey)).toEqual(Object.keys(fullKeys))
    for (const [id, masked] of Object.entries(res.body.apiKey as Record<string, string>)) {
      expect(masked).toMatch(MASKED_KEY)
      expect(masked).toBe(`fxk_…${fullKeys[id].slice(-4)}`)
    }
    expect(res.text).not.toContain(Object.values(fullKeys)[0])
  })

  it('answers 404, not 500, for a project whose deletion commits between its role check and its read', async () => {
    const p = await newProject(s, owner.accessToken)
    let deleted = false
    // The database as the owner's DELETE, on another connection, makes it look: gone right after the role was read.
    const racing: Database = {
      ...s.db,
      query: async <T extends Row>(sql: string, params?: readonly unknown[]) => {
        const rows = await s.db.query<T>(sql, params)
        if (!deleted) {
          deleted = true
          await s.db.query('DELETE FROM projects WHERE id = $1', [p.id])
        }
        return rows
      },
    }
    await expect(getProject(racing, owner.user.id, p.id)).rejects.toMatchObject({ status: 404, code: 'PROJECT_NOT_FOUND' })
  })

  it('answers 404 for an id that does not exist', async () => {
    const res = await s.request('GET', '/api/manage/dapp/prj_doesnotexist0000000', { token: owner.accessToken })
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ message: PROJECT_NOT_FOUND, code: 'PROJECT_NOT_FOUND' })
  })
})

describe('POST /api/manage/dapp/{id}/api-key', () => {
  it('adds a key pair and returns it whole, once', async () => {
    const p = await newProject(s, owner.accessToken)
    const res = await s.request('POST', `/api/manage/dapp/${p.id}/api-key`, { token: owner.accessToken })
    expect(res.status).toBe(201)
    const entries = Object.entries(res.body as Record<string, string>)
    expect(entries).toHaveLength(1)
    expect(entries[0][0]).toMatch(/^apid_/)
    expect(entries[0][1]).toMatch(FULL_KEY)
    expect(Object.keys(p.apiKey)).not.toContain(entries[0][0])
  })

  it('ignores a body (the portal sends none)', async () => {
    const p = await newProject(s, owner.accessToken)
    const res = await s.request('POST', `/api/manage/dapp/${p.id}/api-key`, { token: owner.accessToken, body: { anything: true } })
    expect(res.status).toBe(201)
  })

  it('answers 404 for an unknown project', async () => {
    const res = await s.request('POST', '/api/manage/dapp/prj_nope/api-key', { token: owner.accessToken })
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ message: PROJECT_NOT_FOUND, code: 'PROJECT_NOT_FOUND' })
    expect(await count('api_keys')).toBe(0)
  })

  it('refuses the 21st key with 409 (default limit 20), and allows one again after a delete', async () => {
    const p = await newProject(s, owner.accessToken)
    for (let i = 1; i < 20; i++) {
      expect((await s.request('POST', `/api/manage/dapp/${p.id}/api-key`, { token: owner.accessToken })).status).toBe(201)
    }
    const refused = await s.request('POST', `/api/manage/dapp/${p.id}/api-key`, { token: owner.accessToken })
    expect(refused.status).toBe(409)
    expect(refused.body).toEqual({
      message: 'This project already has 20 API keys, the most it can have. Delete one to create another.',
      code: 'KEY_LIMIT_REACHED',
    })
    expect(await count('api_keys')).toBe(20)

    const keyId = Object.keys(p.apiKey)[0]
    expect((await s.request('DELETE', `/api/manage/dapp/${p.id}/api-key/${keyId}`, { token: owner.accessToken })).status).toBe(200)
    expect((await s.request('POST', `/api/manage/dapp/${p.id}/api-key`, { token: owner.accessToken })).status).toBe(201)
  })

  it('uses the configured limit', async () => {
    await s.close()
    s = await createTestServer({ config: { keyLimit: 2 } })
    owner = await signUp(s)
    const p = await newProject(s, owner.accessToken) // holds one key
    expect((await s.request('POST', `/api/manage/dapp/${p.id}/api-key`, { token: owner.accessToken })).status).toBe(201)
    const res = await s.request('POST', `/api/manage/dapp/${p.id}/api-key`, { token: owner.accessToken })
    expect(res.status).toBe(409)
    expect(res.body.message).toContain('already has 2 API keys')
  })

  it('holds the limit under concurrency: 30 parallel creations leave exactly 20 distinct keys', async () => {
    const p = await newProject(s, owner.accessToken)
    const keyId = Object.keys(p.apiKey)[0]
    await s.request('DELETE', `/api/manage/dapp/${p.id}/api-key/${keyId}`, { token: owner.accessToken }) // start from none

    const results = await Promise.all(Array.from({ length: 30 }, () => s.request('POST', `/api/manage/dapp/${p.id}/api-key`, { token: owner.accessToken })))
    const created = results.filter((r) => r.status === 201)
    const refused = results.filter((r) => r.status === 409)
    expect(created).toHaveLength(20)
    expect(refused).toHaveLength(10)
    for (const r of refused) expect(r.body.message).toContain('already has 20 API keys')

    const ids = created.map((r) => Object.keys(r.body)[0])
    const keys = created.map((r) => Object.values(r.body)[0])
    expect(new Set(ids).size).toBe(20)
    expect(new Set(keys).size).toBe(20)
    const listed = await s.request('GET', `/api/manage/dapp/${p.id}`, { token: owner.accessToken })
    expect(Object.keys(listed.body.apiKey).sort()).toEqual([...ids].sort())
    expect(await count('api_keys')).toBe(20)
  })
})

describe('DELETE /api/manage/dapp/{id}/api-key/{keyId}', () => {
  it('deletes the key: 200 { deleted }, gone from the project, unusable id afterwards', async () => {
    const p = await newProject(s, owner.accessToken)
    const extra = await s.request('POST', `/api/manage/dapp/${p.id}/api-key`, { token: owner.accessToken })
    const keyId = Object.keys(extra.body)[0]
    const res = await s.request('DELETE', `/api/manage/dapp/${p.id}/api-key/${keyId}`, { token: owner.accessToken })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ deleted: keyId })

    const after = await s.request('GET', `/api/manage/dapp/${p.id}`, { token: owner.accessToken })
    expect(Object.keys(after.body.apiKey)).toEqual(Object.keys(p.apiKey))
    const again = await s.request('DELETE', `/api/manage/dapp/${p.id}/api-key/${keyId}`, { token: owner.accessToken })
    expect(again.status).toBe(404)
    expect(again.body).toEqual({ message: KEY_NOT_FOUND, code: 'KEY_NOT_FOUND' })
  })

  it('answers 404 for an unknown key, and for a key of another project of the same owner', async () => {
    const p = await newProject(s, owner.accessToken)
    const q = await newProject(s, owner.accessToken, { name: 'Other' })
    const unknown = await s.request('DELETE', `/api/manage/dapp/${p.id}/api-key/apid_nope`, { token: owner.accessToken })
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual({ message: KEY_NOT_FOUND, code: 'KEY_NOT_FOUND' })
    const wrongProject = await s.request('DELETE', `/api/manage/dapp/${p.id}/api-key/${Object.keys(q.apiKey)[0]}`, { token: owner.accessToken })
    expect(wrongProject.status).toBe(404)
    expect(await count('api_keys')).toBe(2)
  })

  it('answers 404 for an unknown project', async () => {
    const p = await newProject(s, owner.accessToken)
    const res = await s.request('DELETE', `/api/manage/dapp/prj_nope/api-key/${Object.keys(p.apiKey)[0]}`, { token: owner.accessToken })
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ message: PROJECT_NOT_FOUND, code: 'PROJECT_NOT_FOUND' })
    expect(await count('api_keys')).toBe(1)
  })
})

describe('owner isolation', () => {
  it('shows another user’s project to nobody but its owner: 404 exactly like a missing one, nothing changes', async () => {
    const p = await newProject(s, owner.accessToken)
    const keyId = Object.keys(p.apiKey)[0]
    const other = await signUp(s)
    const missing = 'prj_doesnotexist0000000'

    const pairs: Array<[string, string, string]> = [
      ['GET', `/api/manage/dapp/${p.id}`, `/api/manage/dapp/${missing}`],
      ['POST', `/api/manage/dapp/${p.id}/api-key`, `/api/manage/dapp/${missing}/api-key`],
      ['DELETE', `/api/manage/dapp/${p.id}/api-key/${keyId}`, `/api/manage/dapp/${missing}/api-key/${keyId}`],
    ]
    for (const [method, theirs, nobodys] of pairs) {
      const a = await s.request(method, theirs, { token: other.accessToken })
      const b = await s.request(method, nobodys, { token: other.accessToken })
      expect(a.status, `${method} ${theirs}`).toBe(404)
      expect(a.text).toBe(b.text)
      expect([...a.headers.entries()]).toEqual([...b.headers.entries()])
    }
    expect((await s.request('GET', '/api/manage/dapp/owner', { token: other.accessToken })).body).toEqual([])
    // The owner still sees everything as it was.
    const mine = await s.request('GET', `/api/manage/dapp/${p.id}`, { token: owner.accessToken })
    expect(Object.keys(mine.body.apiKey)).toEqual([keyId])
    expect(await count('api_keys')).toBe(1)
  })

  it('lists each user’s own projects only', async () => {
    const other = await signUp(s)
    const mine = await newProject(s, owner.accessToken, { name: 'Mine' })
    const theirs = await newProject(s, other.accessToken, { name: 'Theirs' })
    const a = await s.request('GET', '/api/manage/dapp/owner', { token: owner.accessToken })
    const b = await s.request('GET', '/api/manage/dapp/owner', { token: other.accessToken })
    expect(a.body.map((p: { id: string }) => p.id)).toEqual([mine.id])
    expect(b.body.map((p: { id: string }) => p.id)).toEqual([theirs.id])
  })
})

describe('the access token guard on /manage/*', () => {
  const calls = (id: string, keyId: string): Array<[string, string]> => [
    ['POST', '/api/manage/dapp'],
    ['GET', '/api/manage/dapp/owner'],
    ['GET', `/api/manage/dapp/${id}`],
    ['POST', `/api/manage/dapp/${id}/api-key`],
    ['DELETE', `/api/manage/dapp/${id}/api-key/${keyId}`],
  ]

  it('refuses every call without a token (401 "Authentication required.")', async () => {
    const p = await newProject(s, owner.accessToken)
    for (const [method, path] of calls(p.id, Object.keys(p.apiKey)[0])) {
      const res = await s.request(method, path, { body: method === 'POST' ? { name: 'x' } : undefined })
      expect(res.status, `${method} ${path}`).toBe(401)
      expect(res.body).toEqual({ message: AUTH_REQUIRED, code: 'AUTH_REQUIRED' })
    }
  })

  it('refuses a device token, an unknown token and an expired access token with the session-expired message', async () => {
    await s.close()
    // Every call below carries a token the database does not know: more than one address may send by default.
    s = await createTestServer({ config: { rateLimit: { badTokensPerIp: 10_000 } } })
    owner = await signUp(s)
    const p = await newProject(s, owner.accessToken)
    const fresh = await signUp(s)
    await s.db.query("UPDATE tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1", [fresh.user.id])
    for (const token of [owner.deviceToken, 'fxa_unknown', fresh.accessToken]) {
      for (const [method, path] of calls(p.id, Object.keys(p.apiKey)[0])) {
        const res = await s.request(method, path, { token, body: method === 'POST' ? { name: 'x' } : undefined })
        expect(res.status, `${method} ${path}`).toBe(401)
        expect(res.body).toEqual({ message: SESSION_EXPIRED, code: 'SESSION_EXPIRED' })
      }
    }
    expect(await count('projects')).toBe(1)
    expect(await count('api_keys')).toBe(1)
  })
})
