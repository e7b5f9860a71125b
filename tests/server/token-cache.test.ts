/**
 * Access tokens are looked up from memory once seen; any change to their row
 * — a sign-out here, a statement from any other code path, another instance —
 * is heard at once on this instance and within a second on the others.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app'
import type { Database } from '../../server/db/index'
import { createTestServer, newProject, signUp, type TestServer } from './harness'
import { HEARD_MS, within } from './within'

let s: TestServer
let other: TestServer | undefined
afterEach(async () => {
  await other?.close()
  other = undefined
  await s.close()
})

/** An app on the test server's database that counts its token look-ups. */
function countingApp(db: Database) {
  const counted = { tokenQueries: 0 }
  const wrapped: Database = {
    ...db,
    query: (sql, params) => {
      if (/FROM tokens/.test(sql)) counted.tokenQueries++
      return db.query(sql, params)
    },
    close: async () => {},
  }
  const app = createApp({ db: wrapped, log: () => {} })
  const call = async (method: string, path: string, token: string) =>
    (await app.request(path, { method, headers: { Authorization: `Bearer ${token}` } })).status
  return { counted, call }
}

/** Calls until a call makes no token look-up: the LISTEN is in place and the token is kept. */
async function warm(app: ReturnType<typeof countingApp>, token: string) {
  await within(5000, async () => {
    const before = app.counted.tokenQueries
    expect(await app.call('GET', '/api/manage/dapp/owner', token)).toBe(200)
    return app.counted.tokenQueries === before
  })
}

describe('the access-token cache', () => {
  it('serves a token it has seen without a look-up, and refuses it at once after sign-out on this instance', async () => {
    s = await createTestServer()
    const u = await signUp(s)
    const app = countingApp(s.db)
    await warm(app, u.accessToken)
    const before = app.counted.tokenQueries
    for (let i = 0; i < 5; i++) expect(await app.call('GET', '/api/manage/dapp/owner', u.accessToken)).toBe(200)
    expect(app.counted.tokenQueries).toBe(before)

    expect(await app.call('POST', '/api/auth/logout', u.accessToken)).toBe(204)
    // No wait of any kind: the very next call.
    expect(await app.call('GET', '/api/manage/dapp/owner', u.accessToken)).toBe(401)
  })

  it('looks a token up once however many calls bring it at once', async () => {
    s = await createTestServer()
    const seen = await signUp(s)
    const fresh = await signUp(s)
    const app = countingApp(s.db)
    await warm(app, seen.accessToken) // the cache is listening
    const before = app.counted.tokenQueries
    const statuses = await Promise.all(Array.from({ length: 20 }, () => app.call('GET', '/api/manage/dapp/owner', fresh.accessToken)))
    expect(statuses).toEqual(Array(20).fill(200))
    expect(app.counted.tokenQueries - before).toBe(1)
  })

  it('forgets a token whatever statement removes or changes its row: a deleted account, an expiry moved', async () => {
    s = await createTestServer()
    const gone = await signUp(s)
    const expiring = await signUp(s)
    const app = countingApp(s.db)
    await warm(app, gone.accessToken)
    await warm(app, expiring.accessToken)
    // Written by no route of this app: only the table's trigger can tell the cache.
    await s.db.query('DELETE FROM users WHERE id = $1', [gone.user.id])
    await s.db.query("UPDATE tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1", [expiring.user.id])
    await within(HEARD_MS, async () => (await app.call('GET', '/api/manage/dapp/owner', gone.accessToken)) === 401)
    await within(HEARD_MS, async () => (await app.call('GET', '/api/manage/dapp/owner', expiring.accessToken)) === 401)
  })

  it('on a second instance of the same database, refuses a token signed out on the first as soon as it hears of it', async () => {
    s = await createTestServer()
    const u = await signUp(s)
    await newProject(s, u.accessToken)
    other = await createTestServer({ storage: s.storage })
    const list = () => other!.request('GET', '/api/manage/dapp/owner', { token: u.accessToken })
    // The second instance has seen the token (and keeps it once its LISTEN is up).
    const seen = countingApp(other.db)
    await warm(seen, u.accessToken)
    expect((await list()).status).toBe(200)

    expect((await s.request('POST', '/api/auth/logout', { token: u.accessToken })).status).toBe(204)
    await within(HEARD_MS, async () => (await list()).status === 401)
    await within(HEARD_MS, async () => (await seen.call('GET', '/api/manage/dapp/owner', u.accessToken)) === 401)
  })
})
