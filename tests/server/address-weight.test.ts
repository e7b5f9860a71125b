import { serve } from '@hono/node-server'
import type { Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import type { Pause } from '../../server/http/throttle'
import { createTestServer, newProject, signUp, type SignedUp, type TestServer } from './harness'

let s: TestServer | undefined
let server: Server | undefined
afterEach(async () => {
  if (server) await new Promise((resolve) => server!.close(resolve))
  server = undefined
  await s?.close()
  s = undefined
})

/** The app's pauses (the pacing of an address's reads, the holds of refused calls) pass at once. */
const noPause: Pause = () => Promise.resolve()

/** Pauses the test releases: the first the app asks for waits for `release()`, any after it pass at once. */
function firstPauseHeld() {
  const asked: number[] = []
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  const pause: Pause = (ms) => {
    asked.push(ms)
    return asked.length === 1 ? held : Promise.resolve()
  }
  return { pause, asked, release }
}

/** `count` new users with `projects` projects each of 2,000-character descriptions, straight in the table. */
async function withLongLists(server: TestServer, count: number, projects: number): Promise<SignedUp[]> {
  const users: SignedUp[] = []
  for (let i = 0; i < count; i++) {
    const u = await signUp(server)
    const [{ id }] = await server.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [u.email])
    await server.db.query(
      `INSERT INTO projects (id, owner_id, name, description, webhook_secret_hash)
       SELECT 'prj_big' || g || '_' || $1, $1, 'Big ' || g, repeat('x', 2000), 'unused' FROM generate_series(1, $2::int) g`,
      [id, projects],
    )
    users.push(u)
  }
  return users
}

describe('a large answer counts as several calls against its address', () => {
  it('refuses the address sooner when each answer is large', async () => {
    s = await createTestServer({ config: { rateLimit: { perAddress: 100_000, perUser: 100_000, projectsPerUser: 1000 } } })
    const u = await signUp(s)
    // About 130 kB of list: two units beyond its own count.
    for (let i = 0; i < 60; i++) await newProject(s, u.accessToken, { name: `Big ${i}`, description: 'x'.repeat(2000) })
    await s.db.query('DELETE FROM rate_limits') // the seeding's counts
    // The user's own share is lifted: the seeding's calls may still reach its row (counts are written in batches).
    // Pacing would only spread the reads out: what is measured is what each counts.
    const measured = await createTestServer({
      storage: s.storage,
      config: { trustProxy: true, rateLimit: { perAddress: 60, perUser: 100_000 } },
      pause: noPause,
    })
    onTestFinished(() => measured.close())
    const url = await new Promise<string>((resolve) => {
      server = serve({ fetch: measured.app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => resolve(`http://127.0.0.1:${info.port}`)) as Server
    })
    // The charge is counted once the server has written the answer out.
    let written = 0
    server!.on('request', (_req, res: ServerResponse) => res.once('finish', () => written++))
    const statuses: number[] = []
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${url}/api/manage/dapp/owner`, { headers: { Authorization: `Bearer ${u.accessToken}`, 'X-Forwarded-For': '198.51.100.9' } })
      await res.arrayBuffer()
      statuses.push(res.status)
      await vi.waitFor(() => expect(written).toBe(i + 1), { timeout: 5000 })
    }
    // 10 in the window: counted one each, 3 or 4 lists fill it.
    expect(statuses.indexOf(429)).toBeGreaterThan(0)
    expect(statuses.indexOf(429)).toBeLessThanOrEqual(5)
  })

  it('weighs a long list before writing it: accounts behind one address asking at once get no more lists than its budget holds', async () => {
    // 60 a minute: 10 in a 10 s window. Each list of 100 is about 215 kB, three units beyond its own count.
    s = await createTestServer({ config: { trustProxy: true, rateLimit: { perAddress: 60, perUser: 100_000 } }, pause: noPause })
    const users = await withLongLists(s, 6, 100)
    await s.db.query('DELETE FROM rate_limits') // the sign-ups' counts
    const headers = { 'X-Forwarded-For': '198.51.100.9' }
    const results = await Promise.all(users.map((u) => s!.request('GET', '/api/manage/dapp/owner', { token: u.accessToken, headers })))
    // However the six interleave, at most two lists fit: with the six counted first, one list's three
    // units bring the window to 9 and a second's past it; one after another, 4 + 4 and a third call's
    // count leave no room for a third. Counted only once written, all six were written.
    const served = results.filter((r) => r.status === 200)
    const refused = results.filter((r) => r.status === 429)
    expect(served.length).toBeGreaterThanOrEqual(1)
    expect(served.length).toBeLessThanOrEqual(2)
    expect(served.every((r) => Array.isArray(r.body) && r.body.length === 100)).toBe(true)
    expect(refused).toHaveLength(6 - served.length)
    for (const r of refused) expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another address is served meanwhile.
    const elsewhere = await s.request('GET', '/api/manage/dapp/owner', { token: users[0].accessToken, headers: { 'X-Forwarded-For': '203.0.113.20' } })
    expect(elsewhere.status).toBe(200)
  })

  /** A server whose address budget is 10 calls a window (one unit refills in a second), and the owners whose lists it has read. */
  async function pacedServer(pause: Pause) {
    s = await createTestServer({ config: { trustProxy: true, rateLimit: { perAddress: 60, perUser: 100_000 } }, pause })
    const reads: unknown[] = []
    const query = s.db.query.bind(s.db)
    vi.spyOn(s.db, 'query').mockImplementation(async (sql, params) => {
      if (sql.includes('FROM projects WHERE owner_id')) reads.push(params?.[0])
      return query(sql, params)
    })
    return reads
  }
  const ADDRESS = { 'X-Forwarded-For': '198.51.100.20' }

  it("paces an address's list reads by what each answer weighs: the next starts once the budget has refilled by it", async () => {
    const pacing = firstPauseHeld()
    const reads = await pacedServer(pacing.pause)
    // 40 projects of 2,000-character descriptions: a list of one unit (64 kB) and a bit.
    const [a, b] = await withLongLists(s!, 2, 40)
    const list = (u: SignedUp) => s!.request('GET', '/api/manage/dapp/owner', { token: u.accessToken, headers: ADDRESS })
    const lists = [list(a), list(b)]
    const first = await Promise.race(lists)
    expect(first.status).toBe(200)
    const units = Math.floor(Buffer.byteLength(JSON.stringify(first.body)) / (64 * 1024))
    expect(units).toBeGreaterThanOrEqual(1)
    // A unit of a 10-call window refills in a second: the next read waits that long, and is not made meanwhile.
    expect(pacing.asked).toEqual([units * 1000])
    expect(reads).toHaveLength(1)
    pacing.release()
    expect((await Promise.all(lists)).map((r) => r.status)).toEqual([200, 200])
    expect(reads).toHaveLength(2)
  })

  it('does not make a read that waited for its turn once the address is refused meanwhile: 429, and no read', async () => {
    const pacing = firstPauseHeld()
    const reads = await pacedServer(pacing.pause)
    // Lists of two units and a bit: the second waits for its turn (until released) after the first.
    const [a, b, other] = await withLongLists(s!, 3, 80)
    const list = (u: SignedUp) => s!.request('GET', '/api/manage/dapp/owner', { token: u.accessToken, headers: ADDRESS })
    const first = list(a)
    const second = list(b)
    expect((await first).status).toBe(200)
    // While the second waits for its turn, the address spends the rest of its window on other calls.
    const spent = await Promise.all(
      Array.from({ length: 10 }, () => s!.request('GET', '/api/manage/dapp/prj_missing', { token: other.accessToken, headers: ADDRESS })),
    )
    expect(spent.map((r) => r.status)).toContain(429)
    pacing.release()
    expect((await second).status).toBe(429)
    expect(reads).toHaveLength(1)
  })

  it("a user's list read queued at a refused address is not another address's answer: that call reads in its own turn", async () => {
    const pacing = firstPauseHeld()
    const reads = await pacedServer(pacing.pause)
    const [y, x, other] = await withLongLists(s!, 3, 80)
    const listAt = (u: SignedUp, address: string) =>
      s!.request('GET', '/api/manage/dapp/owner', { token: u.accessToken, headers: { 'X-Forwarded-For': address } })
    const first = listAt(y, '198.51.100.20')
    const queued = listAt(x, '198.51.100.20')
    expect((await first).status).toBe(200)
    // x's read waits for its turn at the first address, which then spends its window and is refused.
    const spent = await Promise.all(
      Array.from({ length: 10 }, () =>
        s!.request('GET', '/api/manage/dapp/prj_missing', { token: other.accessToken, headers: { 'X-Forwarded-For': '198.51.100.20' } }),
      ),
    )
    expect(spent.map((r) => r.status)).toContain(429)
    // The same user from another address joins the read already waiting for x.
    const elsewhere = listAt(x, '203.0.113.50')
    pacing.release()
    expect((await queued).status).toBe(429)
    const answer = await elsewhere
    expect(answer.status).toBe(200)
    expect(answer.body).toHaveLength(80)
    expect(reads).toHaveLength(2)
  })

  it("reads the lists of one address one at a time, and other addresses' alongside", async () => {
    s = await createTestServer({ config: { trustProxy: true, rateLimit: { perAddress: 100_000, perUser: 100_000 } }, pause: noPause })
    const [a1, a2, a3, b, c] = await withLongLists(s, 5, 300)
    // Each list read, once started, waits in the database until the test lets it go.
    const started: string[] = []
    const release = new Map<string, () => void>()
    const query = s.db.query.bind(s.db)
    vi.spyOn(s.db, 'query').mockImplementation(async (sql, params) => {
      if (!sql.includes('FROM projects WHERE owner_id')) return query(sql, params)
      const owner = String(params?.[0])
      started.push(owner)
      await new Promise<void>((go) => release.set(owner, go))
      return query(sql, params)
    })
    const listFrom = (u: SignedUp, address: string) =>
      s!.request('GET', '/api/manage/dapp/owner', { token: u.accessToken, headers: { 'X-Forwarded-For': address } })
    const sameAddress = new Set([a1, a2, a3].map((u) => u.user.id))
    const ofSameAddress = () => started.filter((owner) => sameAddress.has(owner))
    // Three lists from one address, then two from two others, asked after them.
    const one = [a1, a2, a3].map((u) => listFrom(u, '198.51.100.9'))
    const others = [listFrom(b, '203.0.113.1'), listFrom(c, '203.0.113.2')]
    // The other addresses' reads start while the first address's first read is held...
    await vi.waitFor(() => expect(started).toEqual(expect.arrayContaining([b.user.id, c.user.id])), { timeout: 10_000 })
    // ...and its two others, asked before them, have not: they wait for its turn.
    expect(ofSameAddress()).toHaveLength(1)
    // Each of its reads starts once the one before has ended.
    for (let n = 1; n <= 3; n++) {
      await vi.waitFor(() => expect(ofSameAddress()).toHaveLength(n), { timeout: 10_000 })
      release.get(ofSameAddress()[n - 1])!()
    }
    release.get(b.user.id)!()
    release.get(c.user.id)!()
    const answers = await Promise.all([...one, ...others])
    expect(answers.map((r) => [r.status, (r.body as unknown[]).length])).toEqual(Array(5).fill([200, 300]))
  })
})
