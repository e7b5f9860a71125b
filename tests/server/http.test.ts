import { mkdtemp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { requestedFile } from '../../server/http/static'
import { API_CSP, PAGE_CSP } from '../../server/http/security-headers'
import { DEMO_DIR } from '../../server/start'
import { DEVICE, createTestServer, deviceToken, signUp, type TestServer } from './harness'

let s: TestServer | undefined
afterEach(async () => {
  await s?.close()
  s = undefined
})

const count = async (server: TestServer, table: string) => (await server.db.query<{ n: number }>(`SELECT count(*)::integer AS n FROM ${table}`))[0].n

describe('request bodies', () => {
  it('refuses a body over 64 kB with 413 and changes nothing', async () => {
    s = await createTestServer()
    const u = await signUp(s)
    const res = await s.request('POST', '/api/manage/dapp', { token: u.accessToken, body: { name: 'Big', description: 'x'.repeat(64 * 1024) } })
    expect(res.status).toBe(413)
    expect(res.body).toEqual({ message: 'The request body is too large (the limit is 64 kB).', code: 'BODY_TOO_LARGE' })
    expect(await count(s, 'projects')).toBe(0)
    const device = await s.request('POST', '/api/device', { body: { ...DEVICE, deviceModel: 'x'.repeat(70_000) } })
    expect(device.status).toBe(413)
    expect(await count(s, 'devices')).toBe(1) // the sign-up's
  })

  it('refuses a large body sent without Content-Length (chunked) with 413', async () => {
    s = await createTestServer()
    const token = await deviceToken(s)
    const chunk = new TextEncoder().encode('x'.repeat(16 * 1024))
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"name":"a","email":"a@example.com","password":"'))
        for (let i = 0; i < 5; i++) controller.enqueue(chunk)
        controller.enqueue(new TextEncoder().encode('"}'))
        controller.close()
      },
    })
    const res = await s.app.request('/api/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body,
      // @ts-expect-error Node's fetch needs this for a stream body; the DOM types lack it.
      duplex: 'half',
    })
    expect(res.status).toBe(413)
    expect(await count(s, 'users')).toBe(0)
  })

  it('accepts a body just under the limit (then judges its content)', async () => {
    s = await createTestServer()
    const u = await signUp(s)
    const res = await s.request('POST', '/api/manage/dapp', { token: u.accessToken, body: { name: 'ok', description: 'x'.repeat(60_000) } })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('Project description must be at most 2000 characters.')
  })

  it('refuses a body that is not sent as JSON with 415', async () => {
    s = await createTestServer()
    const res = await s.request('POST', '/api/device', { raw: JSON.stringify(DEVICE), headers: { 'Content-Type': 'text/plain' } })
    expect(res.status).toBe(415)
    expect(res.body).toEqual({ message: 'Send the request body as JSON (Content-Type: application/json).', code: 'BODY_NOT_JSON' })
    const charset = await s.request('POST', '/api/device', { raw: JSON.stringify(DEVICE), headers: { 'Content-Type': 'application/json; charset=utf-8' } })
    expect(charset.status).toBe(201)
  })

  it('refuses a body sent with a Content-Encoding with 415 naming it, and creates nothing; identity is no encoding', async () => {
    s = await createTestServer()
    const u = await signUp(s)
    const create = (raw: string | Uint8Array<ArrayBuffer>, encoding: string) =>
      s!.request('POST', '/api/manage/dapp', { token: u.accessToken, raw, headers: { 'Content-Encoding': encoding } })
    const zipped = await create(new Uint8Array(gzipSync(JSON.stringify({ name: 'Zipped' }))), 'gzip')
    expect([zipped.status, zipped.body]).toEqual([
      415,
      {
        message: 'The request body is sent with Content-Encoding "gzip", which this server does not read: send it uncompressed.',
        code: 'BODY_ENCODING_UNSUPPORTED',
      },
    ])
    // What it would have taken (RFC 9110 §15.5.16): none but identity.
    expect(zipped.headers.get('accept-encoding')).toBe('identity')
    // A body that only claims an encoding is not taken as it is either.
    const claimed = await create(JSON.stringify({ name: 'Claimed' }), 'br')
    expect([claimed.status, claimed.body.code, claimed.body.message]).toEqual([415, 'BODY_ENCODING_UNSUPPORTED', expect.stringContaining('"br"')])
    expect((await create(JSON.stringify({ name: 'Two' }), 'gzip, br')).body.message).toContain('"gzip, br"')
    expect(await count(s, 'projects')).toBe(0)
    expect((await create(JSON.stringify({ name: 'Plain' }), 'identity')).status).toBe(201)
  })

  it('refuses an empty body with 400', async () => {
    s = await createTestServer()
    const res = await s.request('POST', '/api/device', { raw: '' })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message: 'The request body is not valid JSON.', code: 'BODY_INVALID_JSON' })
  })
})

describe('unknown routes', () => {
  it.each([
    ['GET', '/api/nope'],
    ['GET', '/api/register'],
    ['PUT', '/api/device'],
    ['GET', '/nope.html'],
  ])('%s %s answers 404 JSON', async (method, path) => {
    s = await createTestServer()
    const res = await s.request(method, path)
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ message: 'Not found.', code: 'NOT_FOUND' })
  })
})

describe('GET /api/health', () => {
  it('answers { status: "ok" } while the database answers', async () => {
    s = await createTestServer()
    const res = await s.request('GET', '/api/health')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ status: 'ok' })
  })

  it('answers a probe whatever its query (its reference lists no 400), while other calls refuse an address that cannot be stored', async () => {
    s = await createTestServer()
    expect((await s.request('GET', '/api/health?probe=%00')).status).toBe(200)
    expect((await s.request('GET', '/api/capabilities?probe=%00')).status).toBe(400)
  })

  it('answers 503 when the database does not', async () => {
    s = await createTestServer()
    const { app, db } = s
    await db.close()
    const res = await app.request('/api/health')
    expect(res.status).toBe(503)
    expect(await res.json()).toEqual({ message: 'Database unavailable.', code: 'DATABASE_UNAVAILABLE' })
  })
})

describe('CORS', () => {
  const DOCS = 'https://docs.example.com'

  it('answers a preflight from an allowed origin, for Authorization and Content-Type', async () => {
    s = await createTestServer({ config: { corsOrigins: [DOCS, 'http://localhost:3000'] } })
    const res = await s.request('OPTIONS', '/api/manage/dapp', {
      headers: { Origin: DOCS, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' },
    })
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-origin')).toBe(DOCS)
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toBe('authorization,content-type')
    expect(res.headers.get('access-control-allow-methods')).toContain('DELETE')
    expect(res.headers.get('vary')).toContain('Origin')
  })

  it('lets an allowed origin read answers, errors included', async () => {
    s = await createTestServer({ config: { corsOrigins: [DOCS] } })
    const ok = await s.request('GET', '/api/health', { headers: { Origin: DOCS } })
    expect(ok.headers.get('access-control-allow-origin')).toBe(DOCS)
    const denied = await s.request('GET', '/api/manage/dapp/owner', { headers: { Origin: DOCS } })
    expect(denied.status).toBe(401)
    expect(denied.headers.get('access-control-allow-origin')).toBe(DOCS)
    // So that the log-in banner can say how long to wait after a 429.
    expect(denied.headers.get('access-control-expose-headers')).toBe('Retry-After')
  })

  it("keeps a route's own caching: the project list stays private, no-cache with its ETag, and gets its 304", async () => {
    s = await createTestServer({ config: { corsOrigins: [DOCS] } })
    const user = await signUp(s)
    const list = await s.request('GET', '/api/manage/dapp/owner', { token: user.accessToken, headers: { Origin: DOCS } })
    expect([list.status, list.headers.get('cache-control'), list.headers.get('access-control-allow-origin')]).toEqual([200, 'private, no-cache', DOCS])
    const again = await s.request('GET', '/api/manage/dapp/owner', {
      token: user.accessToken,
      headers: { Origin: DOCS, 'If-None-Match': list.headers.get('etag')! },
    })
    expect([again.status, again.headers.get('cache-control'), again.headers.get('vary')]).toEqual([304, 'private, no-cache', 'Origin'])
    // Every other answer of the API stays no-store.
    expect((await s.request('GET', '/api/health', { headers: { Origin: DOCS } })).headers.get('cache-control')).toBe('no-store')
  })

  it('gives other origins nothing', async () => {
    s = await createTestServer({ config: { corsOrigins: [DOCS] } })
    const pre = await s.request('OPTIONS', '/api/device', { headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' } })
    expect(pre.headers.get('access-control-allow-origin')).toBeNull()
    const res = await s.request('GET', '/api/health', { headers: { Origin: 'https://evil.example' } })
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('is off when no origins are configured', async () => {
    s = await createTestServer()
    const res = await s.request('GET', '/api/health', { headers: { Origin: DOCS } })
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
  })
})

describe('static files and demo pages', () => {
  let dist: string
  // Read-only requests: one server for the whole block.
  let web: TestServer
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'flex-dist-'))
    await writeFile(join(dist, 'flex-portal.js'), '/* iife bundle */')
    await writeFile(join(dist, 'flex-portal.mjs'), 'export {}')
    await mkdir(join(dist, 'assets'))
    await writeFile(join(dist, 'assets', 'chunk.js'), '/* chunk */')
    await writeFile(join(dist, 'fp-login-a1b2c3.js'), 'export const login = 1')
    await writeFile(join(dist, 'flex-portal.js.map'), '{"version":3}')
    await writeFile(join(dist, '.secret.js'), 'nope')
    web = await createTestServer({ staticRoots: [DEMO_DIR, { dir: dist, crossOrigin: true }] })
  })
  afterAll(async () => {
    await web.close()
    await rm(dist, { recursive: true, force: true })
  })

  const pages: Array<[string, string]> = [
    ['/', 'index.html'],
    ['/docs.html', 'docs.html'],
    ['/existing.html', 'existing.html'],
  ]

  it.each(pages)('serves %s (demo/%s) with the strict CSP and safety headers', async (path, file) => {
    const res = await web.request('GET', path)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(res.headers.get('content-security-policy')).toBe(PAGE_CSP)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('referrer-policy')).toBe('no-referrer')
    expect(res.text).toBe(await readFile(join(DEMO_DIR, file), 'utf8'))
  })

  it('serves the bundle and the other files of dist/', async () => {
    for (const [path, body] of [
      ['/flex-portal.js', '/* iife bundle */'],
      ['/flex-portal.mjs', 'export {}'],
      ['/assets/chunk.js', '/* chunk */'],
    ]) {
      const res = await web.request('GET', path)
      expect(res.status, path).toBe(200)
      expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.text).toBe(body)
    }
    const css = await web.request('GET', '/existing.css')
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8')
    const head = await web.request('HEAD', '/flex-portal.js')
    expect(head.status).toBe(200)
    expect(head.text).toBe('')
  })

  it('sends safety headers on API answers too', async () => {
    s = await createTestServer()
    const res = await s.request('GET', '/api/health')
    expect(res.headers.get('content-security-policy')).toBe(API_CSP)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('referrer-policy')).toBe('no-referrer')
    expect(PAGE_CSP).not.toContain('unsafe')
  })

  it.each([
    '/../package.json',
    '/%2e%2e/package.json',
    '/%2e%2e%2fpackage.json',
    '/..%2fpackage.json',
    '/..%5cpackage.json',
    '/assets/..%2f..%2fpackage.json',
    '/%252e%252e/package.json',
    '/.secret.js',
    '/%2esecret.js',
    '/index.html%00.js',
    '//etc/passwd',
    '/server/main.ts',
    '/package.json',
  ])('does not serve %s', async (path) => {
    const res = await web.app.request(`http://localhost${path}`)
    expect(res.status).toBe(404)
    const text = await res.text()
    expect(text).not.toContain('"name": "flex-portal"')
    expect(text).not.toContain('nope')
  })

  it('serves the files of dist/ to any origin, for the chunks the script imports from its own directory', async () => {
    for (const [path, type] of [
      ['/flex-portal.js', 'text/javascript; charset=utf-8'],
      ['/flex-portal.mjs', 'text/javascript; charset=utf-8'],
      ['/fp-login-a1b2c3.js', 'text/javascript; charset=utf-8'],
      ['/assets/chunk.js', 'text/javascript; charset=utf-8'],
      ['/flex-portal.js.map', 'application/json; charset=utf-8'],
    ]) {
      const res = await web.request('GET', path, { headers: { Origin: 'https://docs.example.com' } })
      expect(res.status, path).toBe(200)
      expect(res.headers.get('content-type'), path).toBe(type)
      expect(res.headers.get('access-control-allow-origin'), path).toBe('*')
      expect(res.headers.get('cache-control'), path).toBe('no-cache')
    }
    const head = await web.request('HEAD', '/fp-login-a1b2c3.js')
    expect(head.headers.get('access-control-allow-origin')).toBe('*')
  })

  it('serves the demo pages and their files to their own origin only', async () => {
    for (const path of ['/', '/docs.html', '/existing.css', '/existing.js', '/docs-language.js', '/docs-samples.js']) {
      const res = await web.request('GET', path, { headers: { Origin: 'https://docs.example.com' } })
      expect(res.status, path).toBe(200)
      expect(res.headers.get('access-control-allow-origin'), path).toBeNull()
      expect(res.headers.get('cache-control'), path).toBe('no-cache')
    }
    const missing = await web.request('GET', '/fp-missing.js')
    expect(missing.status).toBe(404)
    expect(missing.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('looks up only paths that cannot step outside a root (requestedFile)', async () => {
    expect(requestedFile('/')).toBe('/index.html')
    expect(requestedFile('/flex-portal.js')).toBe('/flex-portal.js')
    expect(requestedFile('/assets/chunk.js')).toBe('/assets/chunk.js')
    for (const bad of [
      '/../package.json',
      '/assets/../../package.json',
      '/..\\package.json',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/%E0%A4%A',
      '/assets',
      '/assets/',
      '/a\0.js',
    ]) {
      expect(requestedFile(bad), bad).toBeUndefined()
    }
    for (const bad of ['/assets', '/assets/', '/index.html%2f', '/README']) {
      const res = await web.app.request(`http://localhost${bad}`)
      expect(res.status, bad).toBe(404)
    }
  })
})

describe('the demo pages obey their CSP', () => {
  const read = (file: string) => readFile(join(DEMO_DIR, file), 'utf8')

  it('have no inline script, inline style or style attribute, and link only files that exist', async () => {
    const files = await readdir(DEMO_DIR)
    for (const page of files.filter((f) => f.endsWith('.html'))) {
      const html = await read(page)
      expect(html, page).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i)
      expect(html, page).not.toMatch(/<style/i)
      expect(html, page).not.toMatch(/\sstyle=/i)
      expect(html, page).not.toMatch(/\son[a-z]+=/i)
      for (const [, ref] of html.matchAll(/(?:src|href)="\/([^"#?]+)/g)) {
        if (ref === 'flex-portal.js') continue // built into dist/
        if (ref === 'api/docs') continue // the API reference the server renders
        expect(files, `${page} → /${ref}`).toContain(ref)
      }
    }
  })

  it('index.html is the whole portal', async () => {
    const html = await read('index.html')
    expect(html).toMatch(/<flex-portal api-base="\/api"/)
    expect(html.match(/<script/g)).toHaveLength(1)
  })

  it("docs.html embeds the portal with one script tag (after the site's own language picker and samples' address), inside its own layout", async () => {
    const html = await read('docs.html')
    expect(html.match(/<script[^>]*>/g)).toEqual(['<script src="/docs-language.js">', '<script src="/docs-samples.js">', '<script src="/flex-portal.js">'])
    expect(html).toContain('<flex-portal ')
    expect(html).toMatch(/class="docs-header"/)
    expect(html).toMatch(/class="docs-sidebar"/)
  })

  it('existing.html hosts the login, projects and project-detail elements in clashing CSS', async () => {
    const html = await read('existing.html')
    for (const tag of ['flex-login', 'flex-projects', 'flex-project-detail']) expect(html).toContain(`<${tag} `)
    expect(html).not.toContain('<flex-portal')
    const css = await read('existing.css')
    expect(css).toMatch(/\*\s*{[^}]*font-size:\s*8px/)
    expect(css).toMatch(/html\s*{[^}]*font-size:\s*62\.5%/)
    expect(css).toMatch(/button\s*{[^}]*all:\s*unset/)
  })
})
