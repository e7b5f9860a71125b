import { request } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app'
import type { Database } from '../../server/db/index'
import { startServer, type RunningServer } from '../../server/start'
import { createTestServer, signUp, type TestServer } from './harness'

let s: TestServer | undefined
let running: RunningServer | undefined
afterEach(async () => {
  await running?.close()
  await s?.close()
  s = undefined
  running = undefined
})

const FLOODER = '198.51.100.7'
const ELSEWHERE = '203.0.113.20'
const list = (token: string, ip: string) => s!.request('GET', '/api/manage/dapp/owner', { token, headers: { 'X-Forwarded-For': ip } })
const madeUp = (i: number) => `fxa_made-up-token-number-${i}-${'x'.repeat(20)}`

/**
 * The app on the test server's database, counting the statements it sends and the holds of the calls it
 * refuses (`pause`). The holds pass at once: waited out on the clock, they took most of this file's time, and
 * far more on a loaded machine.
 */
function countingApp(config: Parameters<typeof createApp>[0]['config'], pause?: Parameters<typeof createApp>[0]['pause']) {
  const db = s!.db
  const counted = { queries: 0, holds: [] as number[] }
  pause ??= async (ms) => {
    counted.holds.push(ms)
  }
  const wrapped: Database = {
    kind: db.kind,
    query: (sql, params) => {
      counted.queries++
      return db.query(sql, params)
    },
    exec: (sql) => db.exec(sql),
    transaction: (fn) => db.transaction(fn),
    listen: (channel, onMessage, onReset) => db.listen(channel, onMessage, onReset),
    notify: (channel, payload) => db.notify(channel, payload),
    close: async () => {},
  }
  const app = createApp({ db: wrapped, config, log: () => {}, pause })
  const get = async (token: string, ip: string) => {
    const res = await app.request('/api/manage/dapp/owner', { headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': ip } })
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() }
  }
  return { counted, get }
}

describe('made-up and expired access tokens count against their address', () => {
  it('answers 429 with Retry-After beyond the budget, without looking the token up, and leaves other addresses alone', async () => {
    s = await createTestServer()
    const u = await signUp(s)
    const expired = await signUp(s)
    await s.db.query("UPDATE tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1", [expired.user.id])
    // 30 a minute: 5 in each 10 s window.
    const { counted, get } = countingApp({ trustProxy: true, rateLimit: { badTokensPerIp: 30 } })
    for (let i = 0; i < 4; i++) expect((await get(madeUp(i), FLOODER)).status).toBe(401)
    expect((await get(expired.accessToken, FLOODER)).status).toBe(401)
    const refused = await get(madeUp(5), FLOODER)
    expect(refused.status).toBe(429)
    expect(refused.body.message).toMatch(/^Too many requests\. Try again in \d+ seconds?\.$/)
    expect(Number(refused.retryAfter)).toBeGreaterThan(0)
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(10)

    const before = counted.queries
    expect((await get(madeUp(6), FLOODER)).status).toBe(429)
    expect(counted.queries).toBe(before) // no look-up, no count: refused from memory
    expect(counted.holds.at(-1)).toBeGreaterThan(0) // and held a moment, so the client sends fewer
    // Another address is served as ever, and its made-up tokens are its own.
    expect((await get(u.accessToken, ELSEWHERE)).status).toBe(200)
    expect((await get(madeUp(7), ELSEWHERE)).status).toBe(401)
  }, 15_000)

  it('sent in parallel, reach the database no more often than the budget: the rest are refused from memory', async () => {
    s = await createTestServer()
    const u = await signUp(s)
    // 30 a minute: 5 in each 10 s window.
    const { counted, get } = countingApp({ trustProxy: true, rateLimit: { badTokensPerIp: 30 } })
    expect((await get(u.accessToken, ELSEWHERE)).status).toBe(200)
    const before = counted.queries
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => get(madeUp(i), FLOODER)))
    const statuses = answers.map((a) => a.status)
    expect(statuses.filter((status) => status === 401)).toHaveLength(5)
    expect(statuses.filter((status) => status === 429)).toHaveLength(55)
    // Each look-up is a token query and a count: the budget's 5 made-up tokens, and at most as many again that
    // had waited for them (the window is refused by the first count past it), not 60.
    expect(counted.queries - before).toBeLessThanOrEqual(2 * 5 * 2)
  }, 15_000)

  it('sent in parallel by many users of one address, none yet seen valid (an office after a restart), all are served', async () => {
    s = await createTestServer()
    const users = await Promise.all(Array.from({ length: 12 }, () => signUp(s!)))
    // 30 a minute: 5 different tokens looked up at once, the rest wait their turn.
    const { get } = countingApp({ trustProxy: true, rateLimit: { badTokensPerIp: 30 } })
    const answers = await Promise.all(users.flatMap((u) => [get(u.accessToken, FLOODER), get(u.accessToken, FLOODER)]))
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200))
  }, 15_000)

  it('counts a token seen valid and signed out since as a bad one, like any other', async () => {
    s = await createTestServer()
    const u = await signUp(s)
    // 6 a minute: 1 in each 10 s window.
    const { get } = countingApp({ trustProxy: true, rateLimit: { badTokensPerIp: 6 } })
    expect((await get(u.accessToken, FLOODER)).status).toBe(200)
    await s.db.query('DELETE FROM tokens WHERE user_id = $1', [u.user.id])
    const after = []
    for (let i = 0; i < 3; i++) after.push((await get(u.accessToken, FLOODER)).status)
    expect(after).toEqual([401, 429, 429])
  })

  it('refuses from memory a token seen valid once it is found signed out, as a made-up one: its flood reaches the database no more', async () => {
    s = await createTestServer()
    const u = await signUp(s)
    // 6 a minute: 1 in each 10 s window. A refusal from memory is not held here.
    const { counted, get } = countingApp({ trustProxy: true, rateLimit: { badTokensPerIp: 6 } }, async () => {})
    expect((await get(u.accessToken, FLOODER)).status).toBe(200)
    await s.db.query('DELETE FROM tokens WHERE user_id = $1', [u.user.id])
    expect((await get(u.accessToken, FLOODER)).status).toBe(401)
    expect((await get(u.accessToken, FLOODER)).status).toBe(429)
    const before = counted.queries
    for (let i = 0; i < 5; i++) expect((await get(u.accessToken, FLOODER)).status).toBe(429)
    expect(counted.queries).toBe(before) // no look-up, no count: refused from memory
  }, 15_000)

  it('lets a user of the flooded address who was just served keep working', async () => {
    s = await createTestServer()
    const u = await signUp(s)
    const { get } = countingApp({ trustProxy: true, rateLimit: { badTokensPerIp: 6 } })
    expect((await get(u.accessToken, FLOODER)).status).toBe(200)
    expect((await get(madeUp(1), FLOODER)).status).toBe(401)
    expect((await get(madeUp(2), FLOODER)).status).toBe(429)
    expect((await get(u.accessToken, FLOODER)).status).toBe(200)
  })
})

describe('authenticated calls count against their address too', () => {
  it('caps several accounts from one address together: 429 beyond, another address unaffected', async () => {
    s = await createTestServer({ config: { trustProxy: true, rateLimit: { perUser: 300, perAddress: 60 } } })
    const users = [await signUp(s), await signUp(s), await signUp(s)]
    // 60 a minute: 10 in each 10 s window, whichever account makes them (a slow call counts as more).
    const answers = []
    for (let i = 0; i < 11; i++) answers.push(await list(users[i % 3].accessToken, FLOODER))
    const served = answers.findIndex((a) => a.status !== 200)
    expect(served).toBeGreaterThan(0)
    expect(served).toBeLessThanOrEqual(10)
    const refused = answers[served]
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
    expect((await list(users[1].accessToken, FLOODER)).status).toBe(429)
    expect((await list(users[2].accessToken, ELSEWHERE)).status).toBe(200)
  }, 15_000)

  it('by default leaves room for a shared office: four users at their full share from one address', async () => {
    s = await createTestServer({ config: { trustProxy: true } })
    const office = [await signUp(s), await signUp(s), await signUp(s), await signUp(s)]
    // Each user's share is 300 a minute, 50 in a 10 s window, spent as fast as each one's answers come.
    const answers = (
      await Promise.all(
        office.map(async (u) => {
          const mine = []
          for (let i = 0; i < 50; i++) mine.push(await list(u.accessToken, FLOODER))
          return mine
        }),
      )
    ).flat()
    expect(answers.filter((a) => a.status !== 200)).toEqual([])
  }, 30_000)
})

describe('without a trusted proxy', () => {
  /** Registers a device over a connection from `localAddress`, claiming another address in X-Forwarded-For. */
  const registerFrom = (localAddress: string) =>
    new Promise<number>((resolve, reject) => {
      const body = JSON.stringify({ deviceUDID: 'x', deviceType: 'WEB' })
      const req = request(
        `${running!.url}api/device`,
        { method: 'POST', localAddress, headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': FLOODER } },
        (res) => {
          res.resume()
          res.on('end', () => resolve(res.statusCode!))
        },
      )
      req.on('error', reject)
      req.end(body)
    })

  it("counts each connection's own address, whatever X-Forwarded-For claims", async () => {
    s = await createTestServer()
    running = await startServer({ port: 0, db: await s.storage.open!(), log: () => {}, rateLimit: { devicesPerIp: 1 } })
    // Every 127.x.y.z address is this machine's own, so one test can connect from two.
    expect(await registerFrom('127.0.0.1')).toBe(201)
    expect(await registerFrom('127.0.0.1')).toBe(429)
    expect(await registerFrom('127.0.0.2')).toBe(201)
  })
})
