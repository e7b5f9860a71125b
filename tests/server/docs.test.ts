import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestServer, type TestServer } from './harness'

let s: TestServer
beforeAll(async () => {
  s = await createTestServer()
})
afterAll(() => s.close())

describe('GET /api/docs, the API reference', () => {
  it('is an HTML page that renders the server’s own OpenAPI document with scripts served from here', async () => {
    const res = await s.request('GET', '/api/docs')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    const scripts = [...res.text.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])
    expect(scripts).toEqual(['<script src="docs/redoc.standalone.js">', '<script src="docs/init.js">'])
    expect(res.text).not.toMatch(/https?:\/\//)
    expect(res.text).toContain('href="openapi.json"')
    // An icon the page holds, which the policy's img-src allows: /favicon.ico is not served (404).
    expect(res.text).toContain('<link rel="icon" href="data:,">')
    expect(res.headers.get('content-security-policy')).toMatch(/img-src [^;]*data:/)
    expect((await s.request('GET', '/favicon.ico')).status).toBe(404)
  })

  it('has a policy of its own: scripts and data from this origin only, no CDN, not framable', async () => {
    const csp = (await s.request('GET', '/api/docs')).headers.get('content-security-policy') ?? ''
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("connect-src 'self'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).not.toMatch(/https?:|\*|'unsafe-eval'/)
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/)
    // The JSON API keeps its stricter policy.
    expect((await s.request('GET', '/api/health')).headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
  })

  it('serves the renderer (Redoc, from npm) and the start-up file itself', async () => {
    const redoc = await s.request('GET', '/api/docs/redoc.standalone.js')
    expect(redoc.status).toBe(200)
    expect(redoc.headers.get('content-type')).toMatch(/^text\/javascript/)
    expect(redoc.text).toContain('Redoc')
    expect(redoc.text, 'no remote asset left in the bundle').not.toContain('https://cdn.redoc.ly')
    const init = await s.request('GET', '/api/docs/init.js')
    expect(init.status).toBe(200)
    expect(init.text).toMatch(/Redoc\.init\(\s*'openapi\.json'/)
    expect((await s.request('GET', '/api/docs/other.js')).status).toBe(404)
  })

  it('has a Quickstart section, from the OpenAPI document’s description', async () => {
    const served = await s.request('GET', '/api/openapi.json')
    const description = (served.body.info as { description: string }).description
    expect(description).toMatch(/^# Quickstart$/m)
    // Its sample creates a project: it belongs to step 3, not under step 4 ("call the API with your key").
    const step = (n: number) => description.indexOf(`\n${n}. `)
    const sample = description.indexOf('curl -X POST https://your-host/api/manage/dapp')
    expect(step(3) < sample && sample < step(4), 'the project sample within step 3').toBe(true)
    // What a client matches is named where errors are first described.
    expect(description.split('# Quickstart')[0]).toMatch(/"code"[^.]*match `code`/)
  })

  it("gives the Quickstart's first call a body that the server takes as written", async () => {
    const description = ((await s.request('GET', '/api/openapi.json')).body.info as { description: string }).description
    const body = /^1\. .*`POST \/api\/device` with `(\{[^`]*\})`/m.exec(description)?.[1]
    expect(body, 'step 1 shows the body to send').toBeDefined()
    const res = await s.request('POST', '/api/device', { body: JSON.parse(body!) })
    expect(res.status).toBe(201)
    expect(res.body.accessToken).toMatch(/^fxd_/)
  })

  it("takes the portal's name (PORTAL_NAME) in its page title and the document's, escaped", async () => {
    expect((await s.request('GET', '/api/docs')).text).toContain('<title>API reference · Flex Portal</title>')
    const acme = await createTestServer({ config: { portalName: 'Acme <Cloud> & Co' } })
    try {
      expect((await acme.request('GET', '/api/docs')).text).toContain('<title>API reference · Acme &#60;Cloud&#62; &#38; Co</title>')
      expect((await acme.request('GET', '/api/openapi.json')).body.info).toMatchObject({ title: 'Acme <Cloud> & Co reference API' })
    } finally {
      await acme.close()
    }
  })
})
