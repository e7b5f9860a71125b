import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, readConfig } from '../../server/config'
import { createTestServer, signUp, type TestServer } from './harness'

let s: TestServer | undefined
let pages: string
beforeAll(async () => {
  pages = await mkdtemp(join(tmpdir(), 'flex-pages-'))
  await writeFile(join(pages, 'index.html'), '<!doctype html><title>Demo</title>')
})
afterAll(() => rm(pages, { recursive: true, force: true }))
afterEach(async () => {
  await s?.close()
  s = undefined
})

const directives = (csp: string | null) =>
  new Map(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([k, ...v]) => [k, v.join(' ')]),
  )

describe('HTML pages', () => {
  it('cannot be framed by default, allow no <base> and post forms only to this origin', async () => {
    s = await createTestServer({ staticRoots: [pages] })
    const res = await s.request('GET', '/')
    expect(res.status).toBe(200)
    const csp = directives(res.headers.get('content-security-policy'))
    expect(csp.get('frame-ancestors')).toBe("'none'")
    expect(csp.get('base-uri')).toBe("'none'")
    expect(csp.get('form-action')).toBe("'self'")
    expect(csp.get('script-src')).toBe("'self'")
  })

  it('may be framed by the hosts FRAME_ANCESTORS names', async () => {
    const { frameAncestors } = readConfig({ FRAME_ANCESTORS: "'self'  https://docs.example.com" })
    s = await createTestServer({ staticRoots: [pages], config: { frameAncestors } })
    const csp = directives((await s.request('GET', '/')).headers.get('content-security-policy'))
    expect(csp.get('frame-ancestors')).toBe("'self' https://docs.example.com")
    expect(csp.get('base-uri')).toBe("'none'")
  })

  it.each(['https://a.example; script-src *', "'none' https://a.example", 'javascript:alert(1)', "'unsafe-inline'"])(
    'FRAME_ANCESTORS refuses %s at start',
    (value) => {
      expect(() => readConfig({ FRAME_ANCESTORS: value })).toThrow(ConfigError)
    },
  )
})

describe('API answers', () => {
  it('all carry Cache-Control: no-store, errors and secrets included', async () => {
    s = await createTestServer()
    const u = await signUp(s)
    const answers = [
      await s.request('POST', '/api/device', { body: { deviceUDID: 'x', deviceType: 'WEB' } }),
      await s.request('POST', '/api/manage/dapp', { token: u.accessToken, body: { name: 'Secrets' } }),
      await s.request('GET', '/api/manage/dapp/owner'),
      await s.request('GET', '/api/nope'),
      await s.request('GET', '/api/manage/dapp/%00', { token: u.accessToken }),
      await s.request('GET', '/api/health'),
    ]
    for (const res of answers) expect(res.headers.get('cache-control'), String(res.status)).toBe('no-store')
  })

  it("but the project list, which holds no secret, may be kept by the user's browser if it asks first", async () => {
    s = await createTestServer()
    const u = await signUp(s)
    const list = await s.request('GET', '/api/manage/dapp/owner', { token: u.accessToken })
    expect(list.headers.get('cache-control')).toBe('private, no-cache')
    expect(list.headers.get('etag')).toMatch(/^"[\w-]+"$/)
  })
})
