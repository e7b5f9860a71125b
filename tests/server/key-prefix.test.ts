/**
 * API_KEY_PREFIX: new keys start with the server's prefix, and every key the
 * server has ever issued keeps verifying after the prefix changes.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createTestServer, newProject, signUp, type TestServer } from './harness'

const SERVICE_TOKEN = 'a-long-random-service-token-for-tests'

const servers: TestServer[] = []
afterEach(async () => {
  // The second instance shares the first one's storage: close it first.
  for (const s of servers.reverse()) await s.close()
  servers.length = 0
})

const verify = (s: TestServer, key: string) => s.request('POST', '/api/keys/verify', { headers: { Authorization: `Bearer ${SERVICE_TOKEN}` }, body: { key } })

describe('API_KEY_PREFIX', () => {
  it('issues fxk_ keys by default', async () => {
    const s = await createTestServer({ config: { serviceToken: SERVICE_TOKEN } })
    servers.push(s)
    const u = await signUp(s)
    const p = await newProject(s, u.accessToken)
    expect(Object.values(p.apiKey)[0]).toMatch(/^fxk_[A-Za-z0-9_-]{40,}$/)
  })

  it('starts new keys with the new prefix, and keys issued under the old one still verify, masked with their own prefix', async () => {
    const before = await createTestServer({ config: { serviceToken: SERVICE_TOKEN } })
    servers.push(before)
    const u = await signUp(before)
    const p = await newProject(before, u.accessToken)
    const [[oldId, oldKey]] = Object.entries(p.apiKey)

    // The same database, the server now configured with API_KEY_PREFIX=acme.
    const after = await createTestServer({ storage: before.storage, config: { serviceToken: SERVICE_TOKEN, apiKeyPrefix: 'acme' } })
    servers.push(after)
    const created = await after.request('POST', `/api/manage/dapp/${p.id}/api-key`, { token: u.accessToken })
    expect(created.status).toBe(201)
    const [[newId, newKey]] = Object.entries(created.body as Record<string, string>)
    expect(newKey).toMatch(/^acme_[A-Za-z0-9_-]{40,}$/)
    const rolled = await after.request('POST', `/api/manage/dapp/${p.id}/api-key/${oldId}/roll`, { token: u.accessToken, body: { graceSeconds: 3600 } })
    expect(Object.values(rolled.body as Record<string, string>)[0]).toMatch(/^acme_/)
    const second = await newProject(after, u.accessToken, { name: 'Second', description: '' })
    expect(Object.values(second.apiKey)[0]).toMatch(/^acme_/)

    for (const server of [after, before]) {
      expect((await verify(server, oldKey)).body).toMatchObject({ valid: true, keyId: oldId, projectId: p.id })
      expect((await verify(server, newKey)).body).toMatchObject({ valid: true, keyId: newId, projectId: p.id })
    }
    // A key the server never issued is refused whatever it starts with.
    expect((await verify(after, `acme_${'x'.repeat(43)}`)).body).toEqual({ valid: false, code: 'NOT_FOUND' })

    const detail = await after.request('GET', `/api/manage/dapp/${p.id}`, { token: u.accessToken })
    const masked = Object.fromEntries((detail.body.keys as { id: string; maskedKey: string }[]).map((k) => [k.id, k.maskedKey]))
    expect(masked[oldId]).toBe(`fxk_…${oldKey.slice(-4)}`)
    expect(masked[newId]).toBe(`acme_…${newKey.slice(-4)}`)
  })
})
