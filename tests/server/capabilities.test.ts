import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestServer, type TestServer } from './harness'

let s: TestServer
beforeAll(async () => {
  s = await createTestServer()
})
afterAll(() => s.close())

describe('GET /api/capabilities', () => {
  it('names the features beyond the spec, without a credential, in the API document', async () => {
    const res = await s.request('GET', '/api/capabilities')
    expect(res.status).toBe(200)
    expect(Array.isArray((res.body as { features: unknown }).features)).toBe(true)
    const doc = (await s.request('GET', '/api/openapi.json')).body as { paths: Record<string, unknown> }
    expect(doc.paths['/capabilities']).toBeDefined()
  })
})
