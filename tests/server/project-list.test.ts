/**
 * GET /manage/dapp/owner is answered from a serialised copy of the list with
 * an ETag: 304 to a caller that holds it, and a new list the moment anything
 * changes a project, whoever changes it.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { LIST_PAGE } from '../../server/resources/projects/list-cache'
import { createTestServer, newProject, signUp, type TestServer } from './harness'
import { HEARD_MS, within } from './within'

let s: TestServer
let other: TestServer | undefined
afterEach(async () => {
  await other?.close()
  other = undefined
  await s.close()
})

const list = (server: TestServer, token: string, etag?: string) =>
  server.request('GET', '/api/manage/dapp/owner', { token, headers: etag ? { 'If-None-Match': etag } : {} })

describe('the project list and its ETag', () => {
  it('reads a list longer than a page whole, newest first, each project once', async () => {
    s = await createTestServer()
    const u = await signUp(s)
    await newProject(s, u.accessToken, { name: 'Oldest' })
    const [{ id }] = await s.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [u.email])
    const n = LIST_PAGE * 2 + 37
    await s.db.query(
      `INSERT INTO projects (id, owner_id, name, description, webhook_secret_hash)
       SELECT 'prj_same' || g, $1, 'Same ' || g, '', 'unused' FROM generate_series(1, $2::int) g`,
      [id, n],
    )
    await newProject(s, u.accessToken, { name: 'Newest' })
    const res = await list(s, u.accessToken)
    expect(res.status).toBe(200)
    const names = (res.body as Array<{ name: string }>).map((p) => p.name)
    const stored = await s.db.query<{ name: string }>('SELECT name FROM projects WHERE owner_id = $1 ORDER BY created_at DESC, seq DESC', [id])
    expect(names).toEqual(stored.map((p) => p.name))
    expect(new Set(names).size).toBe(n + 2)
    expect([names[0], names.at(-1)]).toEqual(['Newest', 'Oldest'])
    // The bytes are the list's plain JSON.
    expect(res.text).toBe(JSON.stringify(res.body))
  })

  it('carries the safety headers of every API answer, with its own cache policy, in its 200 and its 304', async () => {
    s = await createTestServer()
    const u = await signUp(s)
    await newProject(s, u.accessToken)
    const full = await list(s, u.accessToken)
    const unchanged = await list(s, u.accessToken, full.headers.get('etag')!)
    for (const res of [full, unchanged]) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('referrer-policy')).toBe('no-referrer')
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
      // The list holds no secret: kept by the browser, asked about first, not `no-store`.
      expect(res.headers.get('cache-control')).toBe('private, no-cache')
    }
    expect(full.headers.get('content-type')).toBe('application/json')
  })

  it('answers 304 with no body to the holder of the current list, and a new list and tag once it changes', async () => {
    s = await createTestServer()
    const u = await signUp(s)
    await newProject(s, u.accessToken, { name: 'First' })
    const first = await list(s, u.accessToken)
    const etag = first.headers.get('etag')!
    expect(first.body.map((p: { name: string }) => p.name)).toEqual(['First'])

    const same = await list(s, u.accessToken, etag)
    expect(same.status).toBe(304)
    expect(same.text).toBe('')
    expect(same.headers.get('etag')).toBe(etag)
    expect((await list(s, u.accessToken, `"other", W/${etag}`)).status).toBe(304)
    expect((await list(s, u.accessToken, '"someone-elses"')).status).toBe(200)

    await newProject(s, u.accessToken, { name: 'Second' })
    const changed = await list(s, u.accessToken, etag)
    expect(changed.status).toBe(200)
    expect(changed.body.map((p: { name: string }) => p.name)).toEqual(['Second', 'First'])
    expect(changed.headers.get('etag')).not.toBe(etag)
  })

  it("never answers one user's tag for another's list", async () => {
    s = await createTestServer()
    const a = await signUp(s)
    const b = await signUp(s)
    await newProject(s, a.accessToken, { name: 'Mine' })
    const aList = await list(s, a.accessToken)
    const bList = await list(s, b.accessToken, aList.headers.get('etag')!)
    expect(bList.status).toBe(200)
    expect(bList.body).toEqual([])
  })

  it('shows a change made by any statement, and one made on another instance, as soon as each instance hears of it', async () => {
    s = await createTestServer()
    const u = await signUp(s)
    const p = await newProject(s, u.accessToken, { name: 'Before' })
    other = await createTestServer({ storage: s.storage })
    const names = async (server: TestServer) => ((await list(server, u.accessToken)).body as Array<{ name: string }>).map((x) => x.name)
    expect(await names(s)).toEqual(['Before'])
    expect(await names(other)).toEqual(['Before'])

    // No route of either app wrote this: only the table's trigger can tell them.
    await s.db.query('UPDATE projects SET name = $1 WHERE id = $2', ['Renamed', p.id])
    await within(HEARD_MS, async () => (await names(s))[0] === 'Renamed')
    await within(HEARD_MS, async () => (await names(other!))[0] === 'Renamed')

    await newProject(other, u.accessToken, { name: 'Made elsewhere' })
    await within(HEARD_MS, async () => (await names(s))[0] === 'Made elsewhere')
  })
})
