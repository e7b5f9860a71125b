/**
 * Each app owns its caches (server/db/cache.ts's CacheSet): two apps on one
 * database handle each keep and withdraw their own, and one app's close()
 * stops its own alone. Token expiry is the app's clock's. The counts an app
 * holds in memory are written by its close().
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createApp, type App } from '../../server/app'
import type { Database } from '../../server/db/index'
import { peekRateLimit, userBucket } from '../../server/security/rate-limit'
import { createTestServer, newProject, signUp, type TestServer } from './harness'
import { HEARD_MS, within } from './within'

const SERVICE_TOKEN = 'a-long-random-service-token-for-app-caches'

let s: TestServer
let apps: App[] = []
afterEach(async () => {
  for (const app of apps) await app.close()
  apps = []
  await s.close()
})

/** The test server's database as one more handle, counting the look-ups of tokens and keys made through it. */
function countingDb(db: Database) {
  const counted = { tokens: 0, keys: 0 }
  const handle: Database = {
    ...db,
    query: (sql, params) => {
      if (/FROM tokens WHERE token_hash/.test(sql)) counted.tokens++
      if (/FROM api_keys WHERE key_hash/.test(sql)) counted.keys++
      return db.query(sql, params)
    },
    close: async () => {},
  }
  return { handle, counted }
}

describe("an app's caches", () => {
  it('keep working, and keep hearing changes, when another app on the same database closes', async () => {
    s = await createTestServer({ config: { serviceToken: SERVICE_TOKEN } })
    const owner = await signUp(s)
    const project = await newProject(s, owner.accessToken)
    const [keyId, key] = Object.entries(project.apiKey)[0]
    const { handle, counted } = countingDb(s.db)
    const a = createApp({ db: handle, config: { serviceToken: SERVICE_TOKEN }, log: () => {} })
    const b = createApp({ db: handle, config: { serviceToken: SERVICE_TOKEN }, log: () => {} })
    apps = [a, b]
    const listed = async () => (await a.request('/api/manage/dapp/owner', { headers: { Authorization: `Bearer ${owner.accessToken}` } })).status
    const verified = async () =>
      (await (
        await a.request('/api/keys/verify', {
          method: 'POST',
          headers: { Authorization: `Bearer ${SERVICE_TOKEN}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ key }),
        })
      ).json()) as { valid: boolean }
    // Both apps in use, then one closed.
    expect(await (await b.request('/api/manage/dapp/owner', { headers: { Authorization: `Bearer ${owner.accessToken}` } })).status).toBe(200)
    await b.close()

    // A's caches are listening: a token and a key are looked up once, then served from memory.
    await within(5000, async () => {
      const before = counted.tokens
      return (await listed()) === 200 && counted.tokens === before
    })
    await within(5000, async () => {
      const before = counted.keys
      return (await verified()).valid && counted.keys === before
    })
    const before = { ...counted }
    for (let i = 0; i < 3; i++) {
      expect(await listed()).toBe(200)
      expect((await verified()).valid).toBe(true)
    }
    expect(counted).toEqual(before)

    // Changes made elsewhere still reach A's caches: the key deleted, the session ended.
    const deleted = await s.request('DELETE', `/api/manage/dapp/${project.id}/api-key/${keyId}`, { token: owner.accessToken })
    expect(deleted.status).toBe(200)
    await within(HEARD_MS, async () => !(await verified()).valid)
    expect((await s.request('POST', '/api/auth/logout', { token: owner.accessToken })).status).toBe(204)
    await within(HEARD_MS, async () => (await listed()) === 401)
  })

  it('count a session as expired by the app clock, however long it stays in memory', async () => {
    let now = Date.now()
    s = await createTestServer({ clock: () => now, config: { accessTokenTtlSeconds: 3600 } })
    const user = await signUp(s)
    const list = () => s.request('GET', '/api/manage/dapp/owner', { token: user.accessToken })
    expect((await list()).status).toBe(200)
    now += 3600 * 1000 - 1000
    expect((await list()).status).toBe(200)
    now += 2000
    const expired = await list()
    expect([expired.status, expired.body.message]).toEqual([401, 'Your session has expired. Please log in again.'])
  })
})

describe("an app's counters", () => {
  it("write the user's calls counted in memory when the app closes", async () => {
    s = await createTestServer()
    const user = await signUp(s)
    // The window's first call is counted in the database; the next ones in memory (sharedCounter).
    for (let i = 0; i < 4; i++) expect((await s.request('GET', '/api/manage/dapp/owner', { token: user.accessToken })).status).toBe(200)
    await s.app.close()
    expect(await peekRateLimit(s.db, userBucket(user.user.id))).toBe(4)
  })
})
