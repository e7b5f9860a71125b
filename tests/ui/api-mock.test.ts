/**
 * The tests' mock API holds its replies to the contract: a stub that has
 * drifted from what the server sends is reported (and setup.ts fails the test
 * it was found in), so no test passes against answers no server gives.
 */
import { describe, expect, it } from 'vitest'
import { registerDevice } from '../../src/api/session'
import { getProject, listProjects } from '../../src/api/projects'
import { at, request, type ManageCall } from '../../src/api/request'
import { mockApi, offContract, takeDrift } from './helpers/api-mock'

const session =
  (base: string): ManageCall =>
  (opts) =>
    request({ ...opts, base, token: 'acc' })

const summary = { id: 'prj_1', name: 'Shop', description: '', createDate: '2024-05-01T00:00:00.000Z', status: 'ACTIVE' }

describe('the mock API', () => {
  it('passes a reply the server could send, in the contract or as a server of the spec alone', async () => {
    mockApi({
      'GET /api/manage/dapp/owner': { body: [summary] },
      'GET /api/manage/dapp/prj_1': { body: { ...summary, apiKey: {} } },
    })
    await listProjects(session('/api'))
    await getProject(session('/api'), 'prj_1')
    expect(takeDrift()).toEqual([])
  })

  it('reports a reply that lacks what the contract requires, naming the call and the field', async () => {
    mockApi({ 'GET /api/manage/dapp/owner': { body: [{ id: 'prj_1', name: 'Shop' }] } })
    await listProjects(session('/api'))
    const [report, ...more] = takeDrift()
    expect(more).toEqual([])
    expect(report).toMatch(/GET \/api\/manage\/dapp\/owner \(200\)/)
    expect(report).toMatch(/createDate/)
  })

  it('reports a project whose key fields are broken: it is neither this server’s nor the spec’s', async () => {
    mockApi({ 'GET /api/manage/dapp/prj_1': { body: { ...summary, apiKey: {}, keys: [{ id: 'apid_1' }], keyLimit: 20 } } })
    await getProject(session('/api'), 'prj_1')
    expect(takeDrift()).toEqual([expect.stringMatching(/keys\[0\]\.name/)])
  })

  it('reports an error reply without the message every error of the API carries', async () => {
    mockApi({ 'POST /api/device': { status: 429, body: { error: 'slow down' } } })
    await expect(registerDevice(at('/api'))).rejects.toThrow()
    expect(takeDrift()).toEqual([expect.stringMatching(/POST \/api\/device \(429\)[\s\S]*message/)])
  })

  it('reports a reply to a call the contract does not have', async () => {
    mockApi({ 'GET /api/manage/projects': { body: [] } })
    await fetch('/api/manage/projects')
    expect(takeDrift()).toEqual([expect.stringMatching(/GET \/api\/manage\/projects is no call of the contract/)])
  })

  it('leaves a reply marked offContract alone: a proxy’s page, sent on purpose', async () => {
    mockApi({ 'GET /api/manage/dapp/owner': offContract(() => new Response('<html>gateway</html>', { status: 502 })) })
    await expect(listProjects(session('/api'))).rejects.toMatchObject({ status: 502 })
    expect(takeDrift()).toEqual([])
  })
})
