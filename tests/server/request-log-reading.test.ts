/** A project's request logs as its members read them: pages newest first, filters, the summary from the rollups, retention by dropping partitions. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestServer, newProject, signUp, type SignedUp, type TestServer } from './harness'

const SERVICE_TOKEN = 'a-long-random-service-token-for-log-reading'
const service = { Authorization: `Bearer ${SERVICE_TOKEN}` }
const NOON = Date.UTC(2026, 2, 10, 12)
const HOUR = 3_600_000
const DAY = 24 * HOUR

let s: TestServer
let owner: SignedUp
let now: number
let projectId: string
let keyId: string
let otherKeyId: string
beforeEach(async () => {
  now = NOON
  // Sessions expire on the app's clock: the owner's outlives the days the retention test moves it on.
  s = await createTestServer({ config: { serviceToken: SERVICE_TOKEN, accessTokenTtlSeconds: 40 * 86_400 }, clock: () => now })
  owner = await signUp(s)
  const p = await newProject(s, owner.accessToken)
  projectId = p.id
  keyId = Object.keys(p.apiKey)[0]
  const other = await s.request('POST', `/api/manage/dapp/${projectId}/api-key`, { token: owner.accessToken, body: { name: 'Staging' } })
  otherKeyId = Object.keys(other.body)[0]
})
afterEach(async () => {
  await s.close()
})

type Entry = { requestId: string; keyId: string; method: string; route: string; status: number; durationMs: number; at: string }
const entry = (i: number, over: Partial<Entry> = {}): Entry => ({
  requestId: `req_${String(i).padStart(4, '0')}`,
  keyId,
  method: 'GET',
  route: '/v1/invoices/:id',
  status: 200,
  durationMs: 10,
  at: new Date(NOON - 10 * HOUR + i * 1000).toISOString(),
  ...over,
})
const report = async (entries: Entry[]) => expect((await s.request('POST', '/api/logs', { headers: service, body: { entries } })).status).toBe(202)
const get = (path: string) => s.request('GET', `/api/manage/dapp/${projectId}/logs${path}`, { token: owner.accessToken })

describe('GET /manage/dapp/{id}/logs', () => {
  it('pages newest first with a cursor that neither repeats nor skips, even as new entries arrive', async () => {
    await report(Array.from({ length: 120 }, (_, i) => entry(i)))
    const first = await get('?limit=50')
    expect(first.body.entries.map((e: Entry) => e.requestId)).toEqual(Array.from({ length: 50 }, (_, i) => entry(119 - i).requestId))
    // A newer call arrives between the pages: it is on no later page.
    await report([entry(500)])
    const second = await get(`?limit=50&before=${first.body.next}`)
    const third = await get(`?limit=50&before=${second.body.next}`)
    const ids = [...first.body.entries, ...second.body.entries, ...third.body.entries].map((e: Entry) => e.requestId)
    expect(ids).toEqual(Array.from({ length: 120 }, (_, i) => entry(119 - i).requestId))
    expect(third.body.next).toBeUndefined()
    expect((await get('?before=not-a-cursor')).body).toEqual({ message: 'before must be the "next" of an earlier page.', code: 'LOG_CURSOR_INVALID' })
  })

  it("refuses a cursor no page could have made, with the bad cursor's 400, never a 500", async () => {
    await report([entry(1)])
    const forged = (text: string) => Buffer.from(text).toString('base64url')
    for (const text of [
      '999999999999999:req_0001', // a time past the year 9999, which the database cannot hold
      `${NOON}:req\u00000001`, // a NUL, which it cannot store
      `${NOON}:req\r\n0001`, // control characters no report could have stored
      `${NOON}:${'r'.repeat(201)}`, // a request id longer than any report's
    ]) {
      const answer = await get(`?before=${forged(text)}`)
      expect(answer.status, text).toBe(400)
      expect(answer.body.code, text).toBe('LOG_CURSOR_INVALID')
    }
    // The last instant the database holds is a cursor like any other.
    expect((await get(`?before=${forged('253402300799999:req_0001')}`)).body.entries.map((e: Entry) => e.requestId)).toEqual(['req_0001'])
  })

  it('pages on past entries whose request ids are as long as a report may send (200 characters of four bytes each)', async () => {
    const long = (i: number) => `${i}${'😀'.repeat(199)}`
    await report([entry(1, { requestId: long(1) }), entry(2, { requestId: long(2) })])
    const first = await get('?limit=1')
    const second = await get(`?limit=1&before=${first.body.next}`)
    expect(second.status).toBe(200)
    expect(second.body.entries.map((e: Entry) => e.requestId)).toEqual([long(1)])
  })

  it('filters by key, status class and route, alone and together', async () => {
    await report([
      entry(1),
      entry(2, { status: 404 }),
      entry(3, { status: 502, keyId: otherKeyId }),
      entry(4, { route: '/v1/customers', status: 201 }),
      entry(5, { route: '/v1/customers', status: 429, keyId: otherKeyId }),
    ])
    const ids = async (query: string) => (await get(query)).body.entries.map((e: Entry) => e.requestId)
    expect(await ids(`?key=${otherKeyId}`)).toEqual(['req_0005', 'req_0003'])
    expect(await ids('?status=4xx')).toEqual(['req_0005', 'req_0002'])
    expect(await ids('?status=2xx')).toEqual(['req_0004', 'req_0001'])
    expect(await ids('?route=/v1/customers')).toEqual(['req_0005', 'req_0004'])
    expect(await ids(`?route=/v1/customers&status=4xx&key=${otherKeyId}`)).toEqual(['req_0005'])
    expect((await get('?key=apid_nobody')).body.entries).toEqual([])
    const named = (await get(`?key=${otherKeyId}`)).body.entries[0]
    expect(named.keyName).toBe('Staging')
    expect((await get('?status=6xx')).status).toBe(400)
  })

  it('answers a non-member 404, the same as a missing project, where the owner reads the page', async () => {
    await report([entry(1)])
    expect((await get('')).body.entries).toHaveLength(1)
    const stranger = await signUp(s)
    const res = await s.request('GET', `/api/manage/dapp/${projectId}/logs`, { token: stranger.accessToken })
    expect(res.status).toBe(404)
    expect((await s.request('GET', `/api/manage/dapp/${projectId}/logs/summary`, { token: stranger.accessToken })).status).toBe(404)
  })

  it('reads nothing of another project through its key, its request ids, a cursor from its pages or the summary', async () => {
    await report([entry(1), entry(3)])
    const stranger = await signUp(s)
    const theirs = await newProject(s, stranger.accessToken)
    const theirKey = Object.keys(theirs.apiKey)[0]
    await report([entry(2, { keyId: theirKey, requestId: 'req_theirs', status: 500 }), entry(4, { keyId: theirKey, requestId: 'req_theirs_2' })])
    const theirPage = await s.request('GET', `/api/manage/dapp/${theirs.id}/logs?limit=1`, { token: stranger.accessToken })
    expect(theirPage.body.entries.map((e: Entry) => e.requestId)).toEqual(['req_theirs_2'])
    // Their key, their request id, their cursor: each read within this project alone.
    expect((await get(`?key=${theirKey}`)).body).toEqual({ entries: [] })
    expect((await get('?requestId=req_theirs')).body).toEqual({ entries: [] })
    expect((await get(`?before=${theirPage.body.next}`)).body.entries.map((e: Entry) => e.requestId)).toEqual(['req_0003', 'req_0001'])
    const summary = (await get(`/summary?days=1&key=${theirKey}`)).body as { buckets: { requests: number }[] }
    expect(summary.buckets.reduce((sum, b) => sum + b.requests, 0)).toBe(0)
    const all = (await get('/summary?days=1')).body as { buckets: { requests: number; serverErrors: number }[] }
    expect(all.buckets.reduce((sum, b) => sum + b.requests, 0)).toBe(2)
    expect(all.buckets.reduce((sum, b) => sum + b.serverErrors, 0)).toBe(0)
  })

  it('compares route and request id exactly, and refuses each bad filter with a 400 naming it, the same to anyone', async () => {
    await report([entry(1, { route: '/v1/a_b%\\c', requestId: 'req_%_1' }), entry(2, { route: '/v1/axb' })])
    const ids = async (query: string) => (await get(query)).body.entries.map((e: Entry) => e.requestId)
    expect(await ids(`?route=${encodeURIComponent('/v1/a_b%\\c')}`)).toEqual(['req_%_1'])
    for (const pattern of ['/v1/a%', '/v1/a_b%', '/v1/a_b%\\', '/v1/a_b', '%']) expect(await ids(`?route=${encodeURIComponent(pattern)}`)).toEqual([])
    expect(await ids('?requestId=req_%25')).toEqual([])
    const refusals: [string, string][] = [
      ['?status=6xx', 'LOG_QUERY_STATUS_INVALID'],
      [`?route=${'r'.repeat(201)}`, 'LOG_QUERY_ROUTE_TOO_LONG'],
      [`?key=${'k'.repeat(201)}`, 'LOG_QUERY_KEY_TOO_LONG'],
      [`?before=${Buffer.from('x:req_1').toString('base64url')}`, 'LOG_CURSOR_INVALID'],
      [`?before=${'A'.repeat(1089)}`, 'LOG_QUERY_BEFORE_TOO_LONG'],
      ['?limit=101', 'LIMIT_OUT_OF_RANGE'],
      ['/summary?days=91', 'DAYS_INVALID'],
      ['?route=%00', 'ADDRESS_NOT_STORABLE'],
      ['?requestId=%ED%A0%80', 'ADDRESS_MALFORMED'],
    ]
    const stranger = await signUp(s)
    for (const [query, code] of refusals) {
      for (const [path, token] of [
        [`/api/manage/dapp/${projectId}/logs${query}`, owner.accessToken],
        [`/api/manage/dapp/${projectId}/logs${query}`, stranger.accessToken],
        [`/api/manage/dapp/prj_missing/logs${query}`, owner.accessToken],
      ]) {
        const res = await s.request('GET', path, { token })
        expect([res.status, res.body.code], path).toEqual([400, code])
      }
    }
  })

  it('fills a page from older days when the last two hold too few, filtered, and pages on from a cursor days back', async () => {
    // Two entries a day over the last nine days (the oldest first), a 5xx every third day.
    const days = Array.from({ length: 18 }, (_, i) =>
      entry(i, { at: new Date(NOON - (8 - Math.floor(i / 2)) * DAY - (i % 2) * HOUR).toISOString(), status: i % 6 < 2 ? 503 : 200 }),
    )
    await report(days)
    const newest = [...days].sort((a, b) => (a.at < b.at ? 1 : -1)).map((e) => e.requestId)
    const first = await get('?limit=7')
    expect(first.body.entries.map((e: Entry) => e.requestId)).toEqual(newest.slice(0, 7))
    const second = await get(`?limit=7&before=${first.body.next}`)
    const third = await get(`?limit=7&before=${second.body.next}`)
    expect([...second.body.entries, ...third.body.entries].map((e: Entry) => e.requestId)).toEqual(newest.slice(7))
    expect(third.body.next).toBeUndefined()
    const errors = days.filter((e) => e.status === 503).sort((a, b) => (a.at < b.at ? 1 : -1))
    expect((await get('?status=5xx&limit=100')).body.entries.map((e: Entry) => e.requestId)).toEqual(errors.map((e) => e.requestId))
  })
})

describe('GET /manage/dapp/{id}/logs/summary', () => {
  it('gives requests, errors, p50 and p95 per hour and per day from the rollups alone', async () => {
    // 100 calls in the hour from 10:00: 90 fast ones, 5 slow, 5 very slow; then 4 of the other key at 11:00.
    await report([
      ...Array.from({ length: 90 }, (_, i) => entry(i, { at: new Date(NOON - 2 * HOUR + i * 1000).toISOString(), durationMs: 4 })),
      ...Array.from({ length: 5 }, (_, i) => entry(100 + i, { at: new Date(NOON - 2 * HOUR).toISOString(), durationMs: 180, status: 404 })),
      ...Array.from({ length: 5 }, (_, i) => entry(200 + i, { at: new Date(NOON - 2 * HOUR).toISOString(), durationMs: 2500, status: 500 })),
      ...Array.from({ length: 4 }, (_, i) => entry(300 + i, { at: new Date(NOON - HOUR).toISOString(), keyId: otherKeyId, durationMs: 40 })),
    ])
    // Nothing of the summary reads the entries themselves.
    await s.db.query('DELETE FROM request_logs')
    const hourly = (await get('/summary?days=1')).body
    expect(hourly.unit).toBe('hour')
    expect(hourly.buckets).toHaveLength(24)
    expect(hourly.buckets.at(-1)).toEqual({ start: new Date(NOON).toISOString(), requests: 0, errors: 0, serverErrors: 0, p50Ms: null, p95Ms: null })
    expect(hourly.buckets.at(-3)).toEqual({ start: new Date(NOON - 2 * HOUR).toISOString(), requests: 100, errors: 10, serverErrors: 5, p50Ms: 5, p95Ms: 200 })
    expect(hourly.buckets.at(-2)).toMatchObject({ requests: 4, errors: 0, p50Ms: 50, p95Ms: 50 })

    const daily = (await get('/summary?days=7')).body
    expect(daily.unit).toBe('day')
    expect(daily.buckets.map((b: { start: string }) => b.start.slice(0, 10))).toEqual(
      Array.from({ length: 7 }, (_, i) => new Date(NOON - (6 - i) * DAY).toISOString().slice(0, 10)),
    )
    expect(daily.buckets.at(-1)).toEqual({ start: '2026-03-10T00:00:00.000Z', requests: 104, errors: 10, serverErrors: 5, p50Ms: 5, p95Ms: 200 })
    expect((await get(`/summary?days=1&key=${otherKeyId}`)).body.buckets.at(-2)).toMatchObject({ requests: 4 })
    expect((await get('/summary?days=91')).body.message).toBe('days must be a whole number from 1 to 90.')
  })
})

describe('retention', () => {
  const partitions = async () =>
    (
      await s.db.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'request_logs'::regclass ORDER BY 1`,
      )
    ).map((r) => r.name)

  it('drops whole day partitions past REQUEST_LOG_RETENTION_DAYS and makes today’s and tomorrow’s ahead', async () => {
    now = NOON + 2 * HOUR
    await report([entry(1, { at: new Date(NOON + HOUR).toISOString() }), entry(2, { at: new Date(NOON - DAY).toISOString() })])
    expect(await partitions()).toEqual(['request_logs_20260309', 'request_logs_20260310'])
    // 30 days on: the 9th is wholly past the retention, the 10th not yet (its entry of 13:00 neither).
    now = NOON + 30 * DAY
    await s.app.retention.tick()
    expect(await partitions()).toEqual(['request_logs_20260310', 'request_logs_20260409', 'request_logs_20260410'])
    expect((await get('')).body.entries.map((e: Entry) => e.requestId)).toEqual(['req_0001'])
    now = NOON + 31 * DAY
    await s.app.retention.tick()
    expect(await partitions()).toEqual(['request_logs_20260409', 'request_logs_20260410', 'request_logs_20260411'])
    expect((await get('')).body.entries).toEqual([])
    expect(await s.db.query('SELECT * FROM request_log_hours')).toEqual([])
    // A batch after the drop still lands: the partition it needs is made again if missing.
    await report([entry(3, { at: new Date(now - 1000).toISOString() })])
    expect((await get('')).body.entries).toHaveLength(1)
  })

  it('reads no entry past the retention while its day waits for the drop: not in a page, the lookup or the summary', async () => {
    const early = entry(1, { at: new Date(NOON - 10 * HOUR).toISOString() }) // 02:00 on the 10th
    const late = entry(2, { at: new Date(NOON - HOUR).toISOString() }) // 11:00
    await report([early, late])
    // 30 days and an hour and a half after the early one, with no drop run: the 10th's partition holds both.
    now = NOON - 10 * HOUR + 30 * DAY + 90 * 60_000
    expect(await partitions()).toEqual(['request_logs_20260310'])
    expect((await get('')).body.entries.map((e: Entry) => e.requestId)).toEqual([late.requestId])
    expect((await get('?method=GET')).body.entries.map((e: Entry) => e.requestId)).toEqual([late.requestId])
    const lookup = (id: string) => s.request('GET', `/api/logs/${id}`, { headers: service })
    expect((await lookup(early.requestId)).status).toBe(404)
    expect((await lookup(late.requestId)).body).toMatchObject({ requestId: late.requestId, projectId })
    const buckets = (await get('/summary?days=90')).body.buckets as { start: string; requests: number }[]
    expect(buckets.find((b) => b.start === '2026-03-10T00:00:00.000Z')).toMatchObject({ requests: 1 })
  })

  it("keeps an hour's rollup while any of its entries is inside the retention: the summary and a method filter still count them", async () => {
    await report([entry(1, { at: new Date(NOON - HOUR + 40 * 60_000).toISOString() })])
    // The entry (11:40) 5 minutes from leaving the retention: its hour (11:00) began before the cutoff.
    now = NOON - HOUR + 40 * 60_000 + 30 * DAY - 5 * 60_000
    await s.app.retention.tick()
    expect((await get('?method=GET')).body.entries.map((e: Entry) => e.requestId)).toEqual(['req_0001'])
    const buckets = (await get('/summary?days=90')).body.buckets as { start: string; requests: number }[]
    expect(buckets.find((b) => b.start === '2026-03-10T00:00:00.000Z')).toMatchObject({ requests: 1 })
  })
})
