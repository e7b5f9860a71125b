/** POST /api/logs and GET /api/logs/{requestId}: what the provider's API reports, what is kept, dropped or refused. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestServer, newProject, signUp, usePostgres, type SignedUp, type TestServer } from './harness'

const SERVICE_TOKEN = 'a-long-random-service-token-for-request-logs'
const service = { Authorization: `Bearer ${SERVICE_TOKEN}` }
const NOON = Date.UTC(2026, 2, 10, 12)
const DAY = 86_400_000

let s: TestServer
let owner: SignedUp
let now: number
let projectId: string
let keyId: string
beforeEach(async () => {
  now = NOON
  s = await createTestServer({ config: { serviceToken: SERVICE_TOKEN }, clock: () => now })
  owner = await signUp(s)
  const p = await newProject(s, owner.accessToken)
  projectId = p.id
  keyId = Object.keys(p.apiKey)[0]
})
afterEach(async () => {
  await s.close()
})

let n = 0
const entry = (over: Record<string, unknown> = {}) => ({
  requestId: `req_${++n}`,
  keyId,
  method: 'get',
  route: '/v1/invoices/:id',
  status: 200,
  durationMs: 12.4,
  at: new Date(now - 1000).toISOString(),
  ...over,
})
const report = (entries: unknown[], headers: Record<string, string> = service) => s.request('POST', '/api/logs', { headers, body: { entries } })
const page = async (query = '') => (await s.request('GET', `/api/manage/dapp/${projectId}/logs${query}`, { token: owner.accessToken })).body
const none = { unknownKey: 0, future: 0, expired: 0 }

describe('POST /api/logs', () => {
  it('stores each entry once: a re-sent batch answers duplicates and adds nothing to the page or the summary', async () => {
    const batch = [entry({ requestId: 'req_a' }), entry({ requestId: 'req_b', status: 503 }), entry({ requestId: 'req_c' })]
    const first = await report(batch)
    expect(first.status).toBe(202)
    expect(first.body).toEqual({ accepted: 3, duplicates: 0, dropped: none })
    expect((await report(batch)).body).toEqual({ accepted: 0, duplicates: 3, dropped: none })

    const { entries } = await page()
    expect(entries).toHaveLength(3)
    expect(entries[0]).toEqual({
      requestId: 'req_c',
      keyId,
      keyName: 'Default key',
      method: 'GET',
      route: '/v1/invoices/:id',
      status: 200,
      durationMs: 12,
      at: new Date(NOON - 1000).toISOString(),
    })
    const summary = (await s.request('GET', `/api/manage/dapp/${projectId}/logs/summary?days=1`, { token: owner.accessToken })).body
    // 11:59:59, in the hour before the current one.
    expect(summary.buckets.at(-2)).toMatchObject({ start: new Date(NOON - 3_600_000).toISOString(), requests: 3, errors: 1, serverErrors: 1 })
  })

  it('drops and counts entries of unknown keys, far in the future or past the retention, never failing the batch', async () => {
    const res = await report([
      entry({ keyId: 'apid_nobody' }),
      entry({ at: new Date(now + 10 * 60_000).toISOString() }),
      entry({ at: new Date(now - 31 * DAY).toISOString() }),
      entry({ at: new Date(now + 60_000).toISOString() }), // a clock a minute ahead is still a call
      entry(),
    ])
    expect(res.status).toBe(202)
    expect(res.body).toEqual({ accepted: 2, duplicates: 0, dropped: { unknownKey: 1, future: 1, expired: 1 } })
    expect((await page()).entries).toHaveLength(2)
  })

  it('refuses a batch holding a malformed entry with a 400 naming the entry and field, and stores none of it', async () => {
    const res = await report([entry({ requestId: 'req_good' }), entry({ status: 42 })])
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message: 'entries[1]: status must be a whole number from 100 to 599.', code: 'LOG_ENTRY_INVALID' })
    expect((await report([entry({ at: 'yesterday' })])).body.message).toBe('entries[0]: at must be an ISO-8601 date and time, such as 2030-01-31T12:00:00Z.')
    expect((await report([entry({ route: '/v1\n/x' })])).body.message).toBe('entries[0]: route must not contain line breaks, tabs or other control characters.')
    expect((await s.request('POST', '/api/logs', { headers: service, body: { entries: 'all of them' } })).body.message).toBe(
      'entries must be a list of log entries.',
    )
    // An entry that is no object: in the contract's words, under the batch's one code.
    expect((await s.request('POST', '/api/logs', { headers: service, body: { entries: [entry(), 5] } })).body).toEqual({
      message: 'entries[1]: Each entry must be a JSON object.',
      code: 'LOG_ENTRY_INVALID',
    })
    expect((await page()).entries).toEqual([])
  })

  it('refuses an ip that is no address as POST /api/keys/verify does, on the fast path and after another malformed entry alike', async () => {
    const verify = (ip: string) => s.request('POST', '/api/keys/verify', { headers: service, body: { key: 'fxk_nothing', ip } })
    const refused = { message: 'entries[0]: ip must be an IPv4 or IPv6 address.', code: 'LOG_ENTRY_INVALID' }
    for (const ip of ['....', 'abc', ':', '60', '999.999.999.999', '1.2.3.4.5.6', 'dead:beef:::::::::1', '01.2.3.4', '1.2.3.4::', 'fe80::1%eth0']) {
      expect([(await verify(ip)).body.code, ip]).toEqual(['IP_ADDRESS_INVALID', ip])
      const res = await report([entry({ requestId: 'req_ip_1', ip })])
      expect([res.status, res.body, ip]).toEqual([400, refused, ip])
      // An entry the fast path leaves to the schema (a time with an offset): the same answer.
      expect([(await report([entry({ at: '2026-03-10T13:00:00+01:00', ip })])).body, ip]).toEqual([refused, ip])
    }
    // The first refused entry is named, whichever of its fields is wrong.
    expect((await report([entry({ ip: '....' }), entry({ status: 42 })])).body.message).toBe('entries[0]: ip must be an IPv4 or IPv6 address.')
    expect((await report([entry({ status: 42 }), entry({ ip: '....' })])).body.message).toBe('entries[0]: status must be a whole number from 100 to 599.')
    expect((await report([entry(), entry({ ip: '....', status: 42 })])).body.message).toBe('entries[1]: status must be a whole number from 100 to 599.')
    expect(await s.request('GET', '/api/logs/req_ip_1', { headers: service })).toMatchObject({ status: 404 })
    for (const ip of ['::', '::ffff:1.2.3.4', '1:2:3:4:5:6:7::', 'ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255', '0.0.0.0']) {
      expect([(await verify(ip)).body.valid, ip]).toEqual([false, ip])
      expect([(await report([entry({ ip })])).body.accepted, ip]).toEqual([1, ip])
    }
  })

  it('cuts a route template to 200 characters', async () => {
    await report([entry({ route: `/v1/${'x'.repeat(400)}` })])
    const [stored] = (await page()).entries
    expect(stored.route).toHaveLength(200)
    expect(stored.route).toBe(`/v1/${'x'.repeat(196)}`)
  })

  it('accepts 1,000 entries of the largest size, refuses 1,001 with 413', async () => {
    const big = Array.from({ length: 1000 }, (_, i) =>
      entry({ requestId: `${i}`.padStart(200, 'r'), route: `/${'r'.repeat(999)}`, method: 'OPTIONS', ip: 'ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255' }),
    )
    expect(JSON.stringify({ entries: big }).length).toBeGreaterThan(1_000_000)
    const res = await report(big)
    expect(res.status).toBe(202)
    expect(res.body.accepted).toBe(1000)
    const over = await report([...big, entry()])
    expect(over.status).toBe(413)
    expect(over.body).toEqual({
      message: 'A batch may carry at most 1000 entries; this one has 1001. Send them in batches of 1000 or fewer.',
      code: 'LOG_BATCH_TOO_LARGE',
    })
  })

  it('answers 401 to a wrong service token and 503 on a server without one', async () => {
    const wrong = await report([entry()], { Authorization: 'Bearer not-the-token-at-all' })
    expect(wrong.status).toBe(401)
    expect(wrong.body.message).toBe('A valid service token is required (Authorization: Bearer <SERVICE_TOKEN>).')
    expect((await s.request('GET', '/api/logs/req_1', { headers: { Authorization: 'Bearer nope' } })).status).toBe(401)
    const bare = await createTestServer({ storage: s.storage })
    try {
      const off = await bare.request('POST', '/api/logs', { headers: service, body: { entries: [entry()] } })
      expect(off.status).toBe(503)
    } finally {
      await bare.app.close()
    }
    expect((await page()).entries).toEqual([])
  })
})

// Two connections at once: PostgreSQL only (PGlite has one, so two batches never overlap there).
describe.runIf(usePostgres)('the same entries sent to two instances at once, in other orders', () => {
  it('are stored once, each batch answered 202: the two wait for each other, never deadlock', async () => {
    const other = await createTestServer({ storage: s.storage, config: { serviceToken: SERVICE_TOKEN }, clock: () => now })
    try {
      for (let round = 0; round < 3; round++) {
        const entries = Array.from({ length: 300 }, (_, i) => entry({ at: new Date(now - 1000 - i * 1000).toISOString() }))
        const [a, b] = await Promise.all([report(entries), other.request('POST', '/api/logs', { headers: service, body: { entries: [...entries].reverse() } })])
        expect([a.status, b.status], `${a.text} ${b.text}`).toEqual([202, 202])
        expect(a.body.accepted + b.body.accepted).toBe(300)
      }
    } finally {
      await other.app.close()
    }
  })
})

describe('GET /api/logs/{requestId}', () => {
  it('finds the entry a developer names, with its project; 404 for an unknown id', async () => {
    await report([entry({ requestId: 'req_support', status: 500, ip: '203.0.113.9' })])
    const res = await s.request('GET', '/api/logs/req_support', { headers: service })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ requestId: 'req_support', projectId, keyId, keyName: 'Default key', status: 500, ip: '203.0.113.9' })
    const missing = await s.request('GET', '/api/logs/req_nobody', { headers: service })
    expect(missing.status).toBe(404)
    expect(missing.body.code).toBe('LOG_ENTRY_NOT_FOUND')
  })
})
