/**
 * Request logs by request id ("find the call my client was answered X-Request-Id …"): exactly
 * that call, with the other filters, only in the reader's own project, and refused over 200.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { newProject, signUp } from './harness'
import { expectFilterRefusal, HOUR, logProject, NOON, type LogProject } from './request-log-project'

let logs: LogProject
beforeEach(async () => {
  logs = await logProject({ name: 'Second' })
  // req_1 … req_4, a second apart an hour before noon; then req_2 again, days later (a client that re-used its id).
  await logs.reportCalls([{ keyId: logs.firstKey }, { keyId: logs.secondKey, status: 500 }, { keyId: logs.firstKey }, { keyId: logs.firstKey, method: 'POST' }])
  await logs.report([
    {
      requestId: 'req_2',
      keyId: logs.firstKey,
      method: 'GET',
      route: '/v1/invoices',
      status: 200,
      durationMs: 5,
      at: new Date(NOON - 3 * 24 * HOUR).toISOString(),
    },
  ])
})
afterEach(async () => {
  await logs.s.close()
})

describe('request logs by request id', () => {
  it('pages exactly the calls with that id, newest first, across days', async () => {
    expect(await logs.ids('?requestId=req_4')).toEqual(['req_4'])
    const both = (await logs.page('?requestId=req_2')).body.entries as { requestId: string; status: number; at: string }[]
    expect(both.map((e) => [e.requestId, e.status, e.at])).toEqual([
      ['req_2', 500, new Date(NOON - HOUR + 1000).toISOString()],
      ['req_2', 200, new Date(NOON - 3 * 24 * HOUR).toISOString()],
    ])
    // Exactly: no prefix, no other case.
    expect(await logs.ids('?requestId=req_')).toEqual([])
    expect(await logs.ids('?requestId=REQ_4')).toEqual([])
    expect(await logs.allPages('requestId=req_2&limit=1')).toEqual(['req_2', 'req_2'])
  })

  it('combines with the key, status and method filters', async () => {
    expect(await logs.ids(`?requestId=req_2&key=${logs.secondKey}`)).toEqual(['req_2'])
    expect(await logs.ids('?requestId=req_2&status=2xx')).toEqual(['req_2'])
    expect(await logs.ids('?requestId=req_4&method=GET')).toEqual([])
    expect(await logs.ids(`?requestId=req_1&key=${logs.secondKey}`)).toEqual([])
  })

  it("never finds another project's call, even by its id", async () => {
    const stranger = await signUp(logs.s)
    const theirs = await newProject(logs.s, stranger.accessToken)
    await logs.report([
      {
        requestId: 'req_theirs',
        keyId: Object.keys(theirs.apiKey)[0],
        method: 'GET',
        route: '/v1/x',
        status: 200,
        durationMs: 5,
        at: new Date(NOON - 60_000).toISOString(),
      },
    ])
    expect(await logs.ids('?requestId=req_theirs')).toEqual([])
    const own = await logs.s.request('GET', `/api/manage/dapp/${theirs.id}/logs?requestId=req_theirs`, { token: stranger.accessToken })
    expect(own.body.entries.map((e: { requestId: string }) => e.requestId)).toEqual(['req_theirs'])
  })

  it('refuses an id longer than any stored, with a 400 naming the field; the API document shows the filter and its refusal', async () => {
    await expectFilterRefusal(logs, 'requestId', 'string', [`?requestId=${'r'.repeat(201)}`], {
      message: 'requestId must be at most 200 characters.',
      code: 'LOG_REQUEST_ID_TOO_LONG',
    })
    expect(await logs.ids(`?requestId=${'r'.repeat(200)}`)).toEqual([])
  })
})
