/** Request logs filtered by the mode of the key that made each call (issue 50): the page and the summary, live or test. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { TestServer } from './harness'
import { logProject, type LogProject } from './request-log-project'

let s: TestServer
let logs: LogProject
let liveKey: string
let testKey: string
beforeEach(async () => {
  logs = await logProject({ name: 'Sandbox', mode: 'test' })
  ;({ s, firstKey: liveKey, secondKey: testKey } = logs)
  const call = (keyId: string, status = 200) => ({ keyId, status, route: '/v1/ping' })
  await logs.reportCalls([call(liveKey), call(testKey, 500), call(testKey), call(liveKey, 404)])
})
afterEach(async () => {
  await s.close()
})

const get = (path: string) => logs.page(path)
const ids = (query: string) => logs.ids(query)
const today = async (query: string) => (await get(`/summary?days=1${query}`)).body.buckets.at(-2)

describe('request logs by mode', () => {
  it('pages only the calls of test keys, or of live keys, and combine with the other filters', async () => {
    expect(await ids('?mode=test')).toEqual(['req_3', 'req_2'])
    expect(await ids('?mode=live')).toEqual(['req_4', 'req_1'])
    expect(await ids('?mode=test&status=5xx')).toEqual(['req_2'])
    expect(await ids(`?mode=live&key=${testKey}`)).toEqual([])
    expect(await ids('')).toEqual(['req_4', 'req_3', 'req_2', 'req_1'])
  })

  it('sums the summary over the keys of one mode', async () => {
    expect(await today('')).toMatchObject({ requests: 4, errors: 2, serverErrors: 1 })
    expect(await today('&mode=test')).toMatchObject({ requests: 2, errors: 1, serverErrors: 1 })
    expect(await today('&mode=live')).toMatchObject({ requests: 2, errors: 1, serverErrors: 0 })
  })

  it('refuses a mode that is neither live nor test with a 400 naming the field, on both calls', async () => {
    for (const path of ['?mode=prod', '/summary?mode=LIVE', '?mode=']) {
      const answer = await get(path)
      expect(answer.status).toBe(400)
      expect(answer.body).toEqual({ message: 'mode must be one of live, test.', code: 'LOG_QUERY_MODE_INVALID' })
    }
  })
})
