/** Request logs filtered by HTTP method ("only my POSTs"): alone, with the other filters, page after page, and refused when no method. */
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
  // req_1 … req_8, a second apart, newest last: POSTs, GETs, a DELETE and a lower-case report of a PROPFIND.
  const calls: [string, string, number][] = [
    ['POST', firstKey, 201],
    ['GET', firstKey, 200],
    ['POST', otherKey, 201],
    ['POST', firstKey, 422],
    ['DELETE', firstKey, 204],
    ['POST', firstKey, 201],
    ['propfind', otherKey, 207],
    ['POST', otherKey, 500],
  ]
  await logs.reportCalls(calls.map(([method, keyId, status]) => ({ method, keyId, status })))
})
afterEach(async () => {
  await s.close()
})

const get = (query: string) => logs.page(query)
const ids = (query: string) => logs.ids(query)

describe('request logs by HTTP method', () => {
  it('pages only the calls of one method, named in any case', async () => {
    expect(await ids('?method=POST')).toEqual(['req_8', 'req_6', 'req_4', 'req_3', 'req_1'])
    expect(await ids('?method=post')).toEqual(['req_8', 'req_6', 'req_4', 'req_3', 'req_1'])
    expect(await ids('?method=DELETE')).toEqual(['req_5'])
    // Any method the log stores can be asked for: the ingest stored this one in capitals.
    expect(await ids('?method=PROPFIND')).toEqual(['req_7'])
    expect(await ids('?method=PUT')).toEqual([])
    expect((await get('?method=POST')).body.entries.every((e: { method: string }) => e.method === 'POST')).toBe(true)
  })

  it('combines with the key and status filters', async () => {
    expect(await ids(`?method=POST&key=${firstKey}`)).toEqual(['req_6', 'req_4', 'req_1'])
    expect(await ids('?method=POST&status=2xx')).toEqual(['req_6', 'req_3', 'req_1'])
    expect(await ids(`?method=POST&key=${otherKey}&status=5xx`)).toEqual(['req_8'])
    expect(await ids(`?method=GET&key=${otherKey}`)).toEqual([])
  })

  it('finds a method in every hour and day it was used, however rare, and in hours rolled up before methods were kept', async () => {
    const at = (ms: number) => new Date(ms).toISOString()
    const base = { keyId: firstKey, route: '/v1/invoices', status: 200, durationMs: 5 }
    // DELETEs days and hours apart, a MKCOL (no bit of its own: it shares one with PROPFIND), among GETs.
    const more = [
      { requestId: 'old_delete', method: 'DELETE', at: at(NOON - 4 * 24 * HOUR) },
      { requestId: 'old_get', method: 'GET', at: at(NOON - 4 * 24 * HOUR + 1000) },
      { requestId: 'mid_delete', method: 'delete', at: at(NOON - 7 * HOUR) },
      { requestId: 'mid_mkcol', method: 'MKCOL', at: at(NOON - 2 * 24 * HOUR) },
    ]
    expect((await logs.report(more.map((e) => ({ ...base, ...e })))).accepted).toBe(4)
    expect(await logs.allPages('method=DELETE&limit=1')).toEqual(['req_5', 'mid_delete', 'old_delete'])
    expect(await ids('?method=MKCOL')).toEqual(['mid_mkcol'])
    expect(await ids('?method=PROPFIND')).toEqual(['req_7'])
    expect(await ids(`?method=DELETE&key=${otherKey}`)).toEqual([])
    // Hours rolled up before the methods were kept may have used any: they are walked, and their calls found.
    await s.db.query('UPDATE request_log_hours SET methods = NULL')
    expect(await ids('?method=DELETE')).toEqual(['req_5', 'mid_delete', 'old_delete'])
    // A new call adds to such an hour without claiming to know its methods.
    expect((await logs.report([{ ...base, requestId: 'new_put', method: 'PUT', at: at(NOON - HOUR + 30_000) }])).accepted).toBe(1)
    expect(await ids('?method=PUT')).toEqual(['new_put'])
    expect(await ids('?method=DELETE')).toEqual(['req_5', 'mid_delete', 'old_delete'])
  })

  it('keeps to the method page after page: the cursor carries on within the filter', async () => {
    expect(await logs.allPages('method=POST&limit=2')).toEqual(['req_8', 'req_6', 'req_4', 'req_3', 'req_1'])
  })

  it('refuses a value that is no HTTP method with a 400 naming the field, as the API document says from the contract', async () => {
    await expectFilterRefusal(
      logs,
      'method',
      'string',
      ['?method=', '?method=P0ST', '?method=GET%20POST', `?method=${'A'.repeat(17)}`, '?method=%E2%80%8BGET'],
      {
        message: 'method must be an HTTP method such as GET, of 1 to 16 letters.',
        code: 'LOG_METHOD_INVALID',
      },
    )
  })
})
