import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createApp } from '../../server/app'
import type { Database } from '../../server/db/index'
import { PROJECT_NOT_FOUND } from '../../server/security/authorization'
import { startServer } from '../../server/start'
import { createTestServer, newProject, signUp, type SignedUp, type TestServer } from './harness'

const SERVICE_TOKEN = 'a-long-random-service-token-for-usage-tests'
const DAY = 86_400_000
// Noon UTC, so moving the clock by whole days lands on the day meant.
const NOON = Date.UTC(2026, 2, 10, 12)

let s: TestServer
let owner: SignedUp
let now: number
beforeEach(async () => {
  now = NOON
  // Sessions expire on the app's clock: the owner's outlives the day the tests move it on.
  s = await createTestServer({ config: { serviceToken: SERVICE_TOKEN, accessTokenTtlSeconds: 2 * 86_400 }, clock: () => now })
  owner = await signUp(s)
})
afterEach(async () => {
  vi.useRealTimers()
  await s.close()
})

const only = (map: Record<string, string>) => Object.entries(map)[0]
const verifyOn = (server: Pick<TestServer, 'request'>, key: string) =>
  server.request('POST', '/api/keys/verify', { headers: { Authorization: `Bearer ${SERVICE_TOKEN}` }, body: { key } })
const verify = (key: string) => verifyOn(s, key)
const usage = (projectId: string, query = '', token = owner.accessToken) => s.request('GET', `/api/manage/dapp/${projectId}/usage${query}`, { token })
const createKey = async (projectId: string, body?: object) =>
  only((await s.request('POST', `/api/manage/dapp/${projectId}/api-key`, { token: owner.accessToken, body })).body)
const times = <T>(n: number, fn: () => T | Promise<T>) => Promise.all(Array.from({ length: n }, fn))

describe('usage recording', () => {
  it('counts each key by outcome per UTC day; unknown keys are only logged', async () => {
    const p = await newProject(s, owner.accessToken)
    const [firstId, first] = only(p.apiKey)
    const [secondId, second] = await createKey(p.id, { name: 'Short-lived', expiresAt: new Date(NOON + 60_000).toISOString() })
    await times(3, () => verify(first))
    await verify(second)
    now = NOON + 120_000 // the second key has expired
    await times(2, () => verify(second))
    await times(4, () => verify('fxk_not-a-key-anyone-made'))
    await s.app.settle()

    const res = await usage(p.id, '?days=1')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      days: ['2026-03-10'],
      keys: [
        { keyId: firstId, name: 'Default key', valid: [3], invalid: [0] },
        { keyId: secondId, name: 'Short-lived', valid: [1], invalid: [2] },
      ],
    })
    expect(s.logs).toContain('POST /api/keys/verify: 4 verifications of unknown keys')
    expect(s.logs.join('\n')).not.toContain('fxk_not-a-key')
  })

  it('writes in batches, not once per verification, and nothing before answering', async () => {
    const p = await newProject(s, owner.accessToken)
    const [keyId, key] = only(p.apiKey)
    // A second instance of the app on the same database, whose statements are counted.
    let writes = 0
    const counted: Database = {
      ...s.db,
      query: (sql, params) => {
        if (/INSERT INTO key_usage/.test(sql)) writes++
        return s.db.query(sql, params)
      },
    }
    const app = createApp({ db: counted, config: { serviceToken: SERVICE_TOKEN }, log: () => {}, clock: () => now })
    const answers = await times(200, () =>
      app.request('/api/keys/verify', {
        method: 'POST',
        headers: { Authorization: `Bearer ${SERVICE_TOKEN}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ key }),
      }),
    )
    expect(answers.every((r) => r.status === 200)).toBe(true)
    // At most one timed batch can have gone out while 200 answers were made.
    expect(writes).toBeLessThanOrEqual(1)
    await app.settle()
    expect(writes).toBeLessThanOrEqual(2)
    expect((await usage(p.id, '?days=1')).body.keys).toEqual([{ keyId, name: 'Default key', valid: [200], invalid: [0] }])
  })

  it('adds up the counts of several instances on one database', async () => {
    const p = await newProject(s, owner.accessToken)
    const [keyId, key] = only(p.apiKey)
    const other = await createTestServer({ storage: s.storage, config: { serviceToken: SERVICE_TOKEN }, clock: () => now })
    try {
      await times(5, () => verify(key))
      await times(7, () => verifyOn(other, key))
      await Promise.all([s.app.settle(), other.app.settle()])
      await times(2, () => verifyOn(other, key))
      await other.app.settle()
    } finally {
      await other.close()
    }
    expect((await usage(p.id, '?days=1')).body.keys).toEqual([{ keyId, name: 'Default key', valid: [14], invalid: [0] }])
  })

  it('writes what it holds when the server stops', async () => {
    // The server started below counts on Date.now (it takes no clock): here that runs on from this file's noon,
    // so its counts and this test's app's read, at noon, fall on the same day whenever the test runs.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true })
    vi.setSystemTime(NOON)
    // Another instance on the same database, as `npm start` runs it; close() ends its database connection.
    const db = await s.storage.open!()
    const server = await startServer({ port: 0, db, serviceToken: SERVICE_TOKEN, staticRoots: [], log: () => {} })
    const p = await newProject(s, owner.accessToken)
    const [keyId, key] = only(p.apiKey)
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${server.url}api/keys/verify`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${SERVICE_TOKEN}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ key }),
      })
      expect((await res.json()).valid).toBe(true)
    }
    await server.close()
    expect((await usage(p.id, '?days=1')).body.keys).toEqual([{ keyId, name: 'Default key', valid: [3], invalid: [0] }])
  })
})

describe('GET /manage/dapp/{id}/usage', () => {
  it('answers the days oldest first, today last, with every count on its day', async () => {
    const p = await newProject(s, owner.accessToken)
    const [keyId, key] = only(p.apiKey)
    now = NOON - 2 * DAY
    await verify(key)
    now = NOON
    await times(3, () => verify(key))
    await s.app.settle()

    const week = await usage(p.id, '?days=7')
    expect(week.body.days).toEqual(['2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10'])
    expect(week.body.keys).toEqual([{ keyId, name: 'Default key', valid: [0, 0, 0, 0, 1, 0, 3], invalid: [0, 0, 0, 0, 0, 0, 0] }])
    // A range that starts after the older count leaves it out.
    expect((await usage(p.id, '?days=2')).body.keys[0].valid).toEqual([0, 3])

    const month = await usage(p.id)
    expect(month.body.days).toHaveLength(30)
    expect(month.body.days[29]).toBe('2026-03-10')
    expect(month.body.days[0]).toBe('2026-02-09')
    expect((await usage(p.id, '?days=90')).body.days).toHaveLength(90)

    // The UTC day changes at midnight UTC: a minute later is a new day.
    now = Date.UTC(2026, 2, 11, 0, 1)
    const next = await usage(p.id, '?days=2')
    expect(next.body).toEqual({ days: ['2026-03-10', '2026-03-11'], keys: [{ keyId, name: 'Default key', valid: [3, 0], invalid: [0, 0] }] })
  })

  it.each(['0', '91', '-1', '1.5', 'abc', '', '100', '1e1'])('refuses days=%s with a clear 400', async (days) => {
    const p = await newProject(s, owner.accessToken)
    const res = await usage(p.id, `?days=${days}`)
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message: 'days must be a whole number from 1 to 90.', code: 'DAYS_INVALID' })
  })

  it('keeps a deleted key while it has counts, under the name it was used by', async () => {
    const p = await newProject(s, owner.accessToken)
    const [firstId] = only(p.apiKey)
    const [usedId, used] = await createKey(p.id, { name: 'Staging' })
    const [unusedId] = await createKey(p.id, { name: 'Never used' })
    await times(2, () => verify(used))
    await s.app.settle()
    for (const id of [usedId, unusedId]) {
      expect((await s.request('DELETE', `/api/manage/dapp/${p.id}/api-key/${id}`, { token: owner.accessToken })).status).toBe(200)
    }
    expect(await verify(used)).toMatchObject({ body: { valid: false, code: 'NOT_FOUND' } })
    await s.app.settle()
    expect((await usage(p.id, '?days=1')).body.keys).toEqual([
      { keyId: firstId, name: 'Default key', valid: [0], invalid: [0] },
      { keyId: usedId, name: 'Staging', valid: [2], invalid: [0] },
    ])
  })

  it("answers only the project's owner: 404 to anyone else, 401 without a session", async () => {
    const p = await newProject(s, owner.accessToken)
    const [, key] = only(p.apiKey)
    await verify(key)
    await s.app.settle()
    const stranger = await signUp(s)
    const theirs = await usage(p.id, '', stranger.accessToken)
    expect(theirs.status).toBe(404)
    expect(theirs.body).toEqual({ message: PROJECT_NOT_FOUND, code: 'PROJECT_NOT_FOUND' })
    expect((await usage('prj_does-not-exist')).status).toBe(404)
    expect((await s.request('GET', `/api/manage/dapp/${p.id}/usage`)).status).toBe(401)
  })

  it('is named in the capabilities and documented', async () => {
    expect((await s.request('GET', '/api/capabilities')).body.features).toContain('usage')
    const doc = (await s.request('GET', '/api/openapi.json')).body
    expect(doc.paths['/manage/dapp/{id}/usage'].get.parameters).toContainEqual(expect.objectContaining({ name: 'days', in: 'query' }))
  })
})
