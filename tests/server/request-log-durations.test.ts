/**
 * Request logs filtered by duration ("only my slow calls"): alone, with the other filters, page
 * after page, in whichever hours the slow calls were made, and refused out of range.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { TestServer } from './harness'
import { expectFilterRefusal, HOUR, logProject, NOON, type LogProject } from './request-log-project'

let logs: LogProject
let s: TestServer
let firstKey: string
let otherKey: string
beforeEach(async () => {
  logs = await logProject({ name: 'Second' })
  ;({ s, firstKey, secondKey: otherKey } = logs)
  // req_1 … req_7, a second apart an hour before noon, newest last; the ingest stores 999.6 ms as 1000.
  const calls: [number, string, string, number][] = [
    [12, firstKey, 'GET', 200],
    [1500, firstKey, 'POST', 201],
    [999, otherKey, 'GET', 200],
    [999.6, firstKey, 'GET', 504],
    [1000, otherKey, 'POST', 500],
    [3, firstKey, 'GET', 404],
    [8000, firstKey, 'GET', 200],
  ]
  await logs.reportCalls(calls.map(([durationMs, keyId, method, status]) => ({ durationMs, keyId, method, status })))
})
afterEach(async () => {
  await s.close()
})

const get = (query: string) => logs.page(query)
const ids = (query: string) => logs.ids(query)

describe('request logs by duration', () => {
  it('pages only the calls slower than asked, the bound itself left out', async () => {
    expect(await ids('?slowerThanMs=1000')).toEqual(['req_7', 'req_2'])
    expect(await ids('?slowerThanMs=999')).toEqual(['req_7', 'req_5', 'req_4', 'req_2'])
    expect(await ids('?slowerThanMs=0')).toHaveLength(7)
    expect(await ids('?slowerThanMs=8000')).toEqual([])
    expect(await ids('?slowerThanMs=86400000')).toEqual([])
    expect((await get('?slowerThanMs=500')).body.entries.map((e: { durationMs: number }) => e.durationMs)).toEqual([8000, 1000, 1000, 999, 1500])
  })

  it('combines with the key, status and method filters', async () => {
    expect(await ids(`?slowerThanMs=999&key=${firstKey}`)).toEqual(['req_7', 'req_4', 'req_2'])
    expect(await ids('?slowerThanMs=999&status=5xx')).toEqual(['req_5', 'req_4'])
    expect(await ids(`?slowerThanMs=999&key=${otherKey}&method=POST`)).toEqual(['req_5'])
    // The other key made no call over a second: none, whatever the first key made.
    expect(await ids(`?slowerThanMs=1000&key=${otherKey}`)).toEqual([])
    expect(await ids('?slowerThanMs=100&status=4xx')).toEqual([])
  })

  it('finds slow calls in every hour and day they were made, page after page, and new ones as they come', async () => {
    // Two more slow calls, days and hours apart from the others and from each other, among quick ones.
    const at = (ms: number) => new Date(ms).toISOString()
    const more = [
      { requestId: 'old_slow', durationMs: 2500, at: at(NOON - 3 * 24 * HOUR) },
      { requestId: 'old_quick', durationMs: 20, at: at(NOON - 3 * 24 * HOUR + 1000) },
      { requestId: 'mid_slow', durationMs: 1200, at: at(NOON - 5 * HOUR) },
    ]
    const base = { keyId: firstKey, method: 'GET', route: '/v1/invoices', status: 200 }
    expect((await logs.report(more.map((e) => ({ ...base, ...e })))).accepted).toBe(3)
    expect(await logs.allPages('slowerThanMs=1000&limit=1')).toEqual(['req_7', 'req_2', 'mid_slow', 'old_slow'])
    // A slow call reported later, in an hour that had none, is found at once.
    expect((await logs.report([{ ...base, requestId: 'new_slow', durationMs: 4000, at: at(NOON - 60_000) }])).accepted).toBe(1)
    expect(await ids('?slowerThanMs=3000')).toEqual(['new_slow', 'req_7'])
  })

  it('refuses anything but a whole number of milliseconds up to a day with a 400 naming the field, as the API document says from the contract', async () => {
    await expectFilterRefusal(
      logs,
      'slowerThanMs',
      'integer',
      ['?slowerThanMs=', '?slowerThanMs=-1', '?slowerThanMs=1.5', '?slowerThanMs=1e3', '?slowerThanMs=86400001', '?slowerThanMs=slow'],
      {
        message: 'slowerThanMs must be a whole number from 0 to 86400000.',
        code: 'LOG_DURATION_OUT_OF_RANGE',
      },
    )
  })
})
