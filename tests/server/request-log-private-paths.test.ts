/**
 * The server's log holds no e-mail address (docs/production.md, "What to monitor"), yet a provider may
 * sign its users in with their address as the externalId, which DELETE /api/sessions/{externalId} carries
 * in its path: that route's lines name the template, so the address is not written, nor kept in the log
 * after the account it named is erased.
 */
import { afterEach, expect, it } from 'vitest'
import { createTestServer, type TestServer } from './harness'

const SERVICE_TOKEN = 'a-long-random-service-token-for-tests'
const service = { Authorization: `Bearer ${SERVICE_TOKEN}` }

let s: TestServer | undefined
afterEach(async () => {
  await s?.close()
  s = undefined
})

it('logs DELETE /api/sessions/{externalId} by its template, never the externalId, whatever the answer', async () => {
  s = await createTestServer({ config: { serviceToken: SERVICE_TOKEN } })
  expect((await s.request('POST', '/api/sessions', { headers: service, body: { externalId: 'ada@example.com' } })).status).toBe(201)
  expect((await s.request('DELETE', '/api/sessions/ada%40example.com', { headers: service })).status).toBe(204)
  expect((await s.request('DELETE', '/api/sessions/grace@example.com', { headers: service })).status).toBe(404)
  expect((await s.request('DELETE', '/api/sessions/ada%40example.com')).status).toBe(401)
  const lines = s.logs.filter((line) => line.startsWith('DELETE'))
  expect(lines.map((line) => line.replace(/ \d+ms$/, ''))).toEqual([
    'DELETE /api/sessions/{externalId} 204',
    'DELETE /api/sessions/{externalId} 404',
    'DELETE /api/sessions/{externalId} 401',
  ])
  // An unexpected failure's line names the route the same way (here: the database has gone).
  await s.db.close()
  expect((await s.app.request('/api/sessions/grace%40example.com', { method: 'DELETE', headers: service })).status).toBe(500)
  const errors = s.logs.filter((line) => line.startsWith('error'))
  expect(errors[0]).toMatch(/^error DELETE \/api\/sessions\/\{externalId\}: /)
  expect(s.logs.join('\n')).not.toMatch(/example\.com|%40/)
  await s.app.close()
  s = undefined
})

it('logs the route by its template however its path is percent-encoded, as the router reads it', async () => {
  s = await createTestServer({ config: { serviceToken: SERVICE_TOKEN } })
  expect((await s.request('POST', '/api/sessions', { headers: service, body: { externalId: 'ada@example.com' } })).status).toBe(201)
  expect((await s.request('DELETE', '/api/%73essions/ada%40example.com', { headers: service })).status).toBe(204)
  expect((await s.request('DELETE', '/%61pi/s%65ssions/grace@example.com', { headers: service })).status).toBe(404)
  expect(s.logs.filter((line) => line.startsWith('DELETE')).map((line) => line.replace(/ \d+ms$/, ''))).toEqual([
    'DELETE /api/sessions/{externalId} 204',
    'DELETE /api/sessions/{externalId} 404',
  ])
  await s.db.close()
  expect((await s.app.request('/api/%73essions/grace%40example.com', { method: 'DELETE', headers: service })).status).toBe(500)
  expect(s.logs.find((line) => line.startsWith('error'))).toMatch(/^error DELETE \/api\/sessions\/\{externalId\}: /)
  expect(s.logs.join('\n')).not.toMatch(/example\.com|%40/)
  await s.app.close()
  s = undefined
})

it('logs other paths as they came, the rest of /api/sessions/ included', async () => {
  s = await createTestServer({ config: { serviceToken: SERVICE_TOKEN } })
  await s.request('GET', '/api/sessions/a/b')
  await s.request('GET', '/api/health')
  expect(s.logs.map((line) => line.replace(/ \d+ms$/, ''))).toEqual(['GET /api/sessions/a/b 404', 'GET /api/health 200'])
})
