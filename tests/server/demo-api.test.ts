/**
 * The docs page's demo API (`/demo-api`, served by `npm start` outside
 * production): Acme's routes behind flex-portal/verify with request logs on,
 * verifying the developer's key against this same server, so the calls a
 * newcomer pastes from /docs.html count in Usage.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { startServer } from '../../server/start'
import { createTestServer, newProject, signUp, type TestServer } from './harness'

const SERVICE_TOKEN = 'a-long-random-service-token-for-the-demo-api'
const servers: TestServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()))
})

async function demo(opts: { demoApi: boolean; serviceToken?: string }) {
  const s = await createTestServer({ demoApi: opts.demoApi, config: { serviceToken: opts.serviceToken } })
  servers.push(s)
  const owner = await signUp(s)
  const project = await newProject(s, owner.accessToken)
  const [keyId, key] = Object.entries(project.apiKey)[0]
  const call = (path: string, headers: Record<string, string> = { Authorization: `Bearer ${key}` }) =>
    s.request('GET', `/demo-api/v1${path.replace('{id}', project.id)}`, { headers })
  return { s, owner, project, keyId, key, call }
}

describe('the demo API', () => {
  it("answers the docs page's sample with the developer's key, with a request id, and counts the calls in Usage", async () => {
    const { s, owner, project, keyId, call } = await demo({ demoApi: true, serviceToken: SERVICE_TOKEN })
    const ping = await call('/projects/{id}/ping')
    expect(ping.status).toBe(200)
    expect(ping.body).toMatchObject({ pong: true, projectId: project.id })
    expect(ping.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    expect((await call('/projects/{id}/servers')).body).toMatchObject({ servers: [{ id: 'srv_1' }, { id: 'srv_2' }] })
    expect((await call('/projects/{id}/servers/srv_2')).body).toMatchObject({ id: 'srv_2', region: 'us-east' })
    await s.app.settle()
    const usage = await s.request('GET', `/api/manage/dapp/${project.id}/usage?days=1`, { token: owner.accessToken })
    expect(usage.body).toMatchObject({ keys: [{ keyId, valid: [3] }] })
  })

  it('answers errors a developer can see in their logs: unknown ids, another project, a status on request, no key', async () => {
    const { call } = await demo({ demoApi: true, serviceToken: SERVICE_TOKEN })
    expect((await call('/projects/{id}/servers/srv_9')).status).toBe(404)
    expect((await call('/projects/prj_someone-else/ping')).status).toBe(404)
    for (const code of [404, 429, 500, 503]) {
      const res = await call(`/status/${code}`)
      expect([res.status, res.body]).toEqual([code, { message: `Answered ${code}, as asked.` }])
    }
    expect((await call('/status/204')).status).toBe(204)
    for (const code of ['100', '600', 'abc', '5000']) expect((await call(`/status/${code}`)).status, code).toBe(400)
    expect((await call('/nowhere')).status).toBe(404)
    const none = await call('/projects/{id}/ping', {})
    expect(none.status).toBe(401)
    expect(none.body).toEqual({ message: 'An API key is required: send it as Authorization: Bearer <key>.' })
    expect((await call('/projects/{id}/ping', { Authorization: 'Bearer fxk_made-up' })).status).toBe(401)
  })

  it("carries the API's headers, as /api's answers do, not the HTML pages' policy", async () => {
    const { s, call } = await demo({ demoApi: true, serviceToken: SERVICE_TOKEN })
    const safety = ['content-security-policy', 'cache-control', 'x-content-type-options', 'referrer-policy']
    const api = (await s.request('GET', '/api/health')).headers
    for (const res of [await call('/projects/{id}/ping'), await call('/projects/{id}/ping', {}), await call('/nowhere')]) {
      expect(
        safety.map((name) => res.headers.get(name)),
        String(res.status),
      ).toEqual(safety.map((name) => api.get(name)))
    }
    expect(api.get('cache-control')).toBe('no-store')
  })

  it("logs its calls under the templates the docs name, which the project's Requests table shows", async () => {
    const { s, call } = await demo({ demoApi: true, serviceToken: SERVICE_TOKEN })
    const requestId = (await call('/status/500')).headers.get('x-request-id')
    await vi.waitFor(
      async () =>
        expect(await s.db.query('SELECT route FROM request_logs WHERE request_id = $1', [requestId])).toEqual([{ route: '/demo-api/v1/status/:code' }]),
      {
        timeout: 5_000,
      },
    )
  })

  it('is not served without the demo pages (production) or without a service token', async () => {
    for (const opts of [{ demoApi: false, serviceToken: SERVICE_TOKEN }, { demoApi: true }]) {
      const { call } = await demo(opts)
      const res = await call('/projects/{id}/ping')
      expect([res.status, res.body]).toEqual([404, { message: 'Not found.', code: 'NOT_FOUND' }])
    }
  })

  it('sends the request logs it holds when the server stops: the stopping server still takes its own calls', async () => {
    const { s, project, key } = await demo({ demoApi: false })
    const running = await startServer({ port: 0, db: await s.storage.open!(), log: () => {}, serviceToken: SERVICE_TOKEN, demoPages: true })
    const ping = await fetch(`${running.url}demo-api/v1/projects/${project.id}/ping`, { headers: { Authorization: `Bearer ${key}` } })
    expect(ping.status).toBe(200)
    const requestId = ping.headers.get('x-request-id')
    await running.close()
    expect(await s.db.query('SELECT project_id FROM request_logs WHERE request_id = $1', [requestId])).toEqual([{ project_id: project.id }])
  })

  it('is served by the server outside production only, even when production asks for the demo pages (DEMO_PAGES=true)', async () => {
    const s = await createTestServer()
    servers.push(s)
    for (const production of [false, true]) {
      const running = await startServer({ port: 0, db: await s.storage.open!(), log: () => {}, serviceToken: SERVICE_TOKEN, demoPages: true, production })
      try {
        const res = await fetch(`${running.url}demo-api/v1/projects/prj_x/ping`, { headers: { Authorization: 'Bearer fxk_made-up' } })
        // A made-up key: refused by the demo API where it is served, not found where it is not.
        expect(res.status, `production: ${production}`).toBe(production ? 404 : 401)
      } finally {
        await running.close()
      }
    }
  })
})
