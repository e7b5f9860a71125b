/**
 * Request ids and routes are the provider's, shown in a cell of their own and
 * looked up as stored: the bidi controls a name refuses are taken there, and a
 * page's cursor that ends on such an id is taken back (both databases).
 */
import { afterEach, beforeEach, expect, it } from 'vitest'
import { createTestServer, newProject, signUp, type SignedUp, type TestServer } from './harness'

const SERVICE_TOKEN = 'a-long-random-service-token-for-log-reading'
const NOON = Date.UTC(2026, 2, 10, 12)
let s: TestServer
let owner: SignedUp
let projectId: string
let keyId: string
beforeEach(async () => {
  s = await createTestServer({ config: { serviceToken: SERVICE_TOKEN }, clock: () => NOON })
  owner = await signUp(s)
  const p = await newProject(s, owner.accessToken)
  projectId = p.id
  keyId = Object.keys(p.apiKey)[0]
})
afterEach(async () => {
  await s.close()
})

it('takes a request id and a route holding a bidi control, and pages past the entry that holds it', async () => {
  const ids = ['req_1', 'req_2', 'req_\u202e3']
  const entries = ids.map((requestId, i) => ({
    requestId,
    keyId,
    method: 'GET',
    route: i === 2 ? '/v1/\u2066x' : '/v1',
    status: 200,
    durationMs: 1,
    at: new Date(NOON - 1000 * (10 - i)).toISOString(),
  }))
  const sent = await s.request('POST', '/api/logs', { headers: { Authorization: `Bearer ${SERVICE_TOKEN}` }, body: { entries } })
  expect([sent.status, sent.body.accepted]).toEqual([202, 3])
  const first = await s.request('GET', `/api/manage/dapp/${projectId}/logs?limit=1`, { token: owner.accessToken })
  expect(first.body.entries.map((e: { requestId: string; route: string }) => [e.requestId, e.route])).toEqual([['req_\u202e3', '/v1/\u2066x']])
  const second = await s.request('GET', `/api/manage/dapp/${projectId}/logs?limit=1&before=${encodeURIComponent(first.body.next)}`, {
    token: owner.accessToken,
  })
  expect([second.status, second.body.entries?.map((e: { requestId: string }) => e.requestId)]).toEqual([200, ['req_2']])
  const one = await s.request('GET', `/api/manage/dapp/${projectId}/logs?requestId=${encodeURIComponent('req_\u202e3')}`, { token: owner.accessToken })
  expect(one.body.entries).toHaveLength(1)
})
