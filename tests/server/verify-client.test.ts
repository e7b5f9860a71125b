import { Hono } from 'hono'
import { describe, expect, it, vi } from 'vitest'
import { clientAddress } from '../../verify/client-address'
import { createVerifier, expressApiKey, honoApiKey, VerifierUnavailable, type ApiKeyInfo, type ApiKeyVariables, type Verification } from '../../verify/index'
import { sentJson } from './verify-fake-portal'

const URL_ = 'https://keys.example/api/keys/verify'
const VALID: Verification = { valid: true, keyId: 'apid_1', projectId: 'prj_1', name: 'Default key', expiresAt: null, mode: 'live', scopes: null }

/** A fetch that answers from `answer(key)`, counting calls; `release` holds answers until called. */
function fakeFetch(answer: (key: string) => Response | Promise<Response>) {
  const calls: { url: string; key: string; authorization: string | null }[] = []
  const fn = (async (url: string, init: RequestInit) => {
    const key = sentJson(init).key as string
    calls.push({ url, key, authorization: new Headers(init.headers).get('authorization') })
    return answer(key)
  }) as unknown as typeof fetch
  return { fn, calls }
}
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

describe('createVerifier', () => {
  it('asks the server with the service token and answers its verdict', async () => {
    const f = fakeFetch((key) => json(key === 'fxk_good' ? VALID : { valid: false, code: 'NOT_FOUND' }))
    const v = createVerifier({ url: URL_, serviceToken: 'svc', fetch: f.fn })
    expect(await v.verify('fxk_good')).toEqual(VALID)
    expect(await v.verify('fxk_bad')).toEqual({ valid: false, code: 'NOT_FOUND' })
    expect(f.calls).toEqual([
      { url: URL_, key: 'fxk_good', authorization: 'Bearer svc' },
      { url: URL_, key: 'fxk_bad', authorization: 'Bearer svc' },
    ])
  })

  it('reuses valid and invalid answers within cacheSeconds, and asks again after', async () => {
    const f = fakeFetch((key) => json(key === 'fxk_good' ? VALID : { valid: false, code: 'EXPIRED' }))
    const v = createVerifier({ url: URL_, serviceToken: 'svc', fetch: f.fn, cacheSeconds: 60 })
    for (let i = 0; i < 3; i++) {
      await v.verify('fxk_good')
      await v.verify('fxk_old')
    }
    expect(f.calls).toHaveLength(2)
    const none = createVerifier({ url: URL_, serviceToken: 'svc', fetch: f.fn, cacheSeconds: 0 })
    await none.verify('fxk_good')
    await none.verify('fxk_good')
    expect(f.calls).toHaveLength(4)
  })

  it('reuses an answer for cacheSeconds from when it was asked, not from when a slow server answered: a change is seen within that time', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 0 })
    try {
      let release!: () => void
      const held = new Promise<void>((r) => (release = r))
      const f = fakeFetch(async () => {
        await held
        return json(VALID)
      })
      const v = createVerifier({ url: URL_, serviceToken: 'svc', fetch: f.fn, cacheSeconds: 5 })
      const first = v.verify('fxk_good')
      // The server read the key at once; its answer took 4 s to arrive.
      vi.setSystemTime(4000)
      release()
      await first
      vi.setSystemTime(5001)
      await v.verify('fxk_good')
      expect(f.calls).toHaveLength(2)
    } finally {
      vi.useRealTimers()
    }
  })

  it('makes one call for concurrent checks of one key', async () => {
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    const f = fakeFetch(async () => {
      await held
      return json(VALID)
    })
    const v = createVerifier({ url: URL_, serviceToken: 'svc', fetch: f.fn })
    const answers = Promise.all(Array.from({ length: 20 }, () => v.verify('fxk_good')))
    release()
    expect(await answers).toEqual(Array(20).fill(VALID))
    expect(f.calls).toHaveLength(1)
  })

  it('keeps at most cacheSize answers, dropping the oldest', async () => {
    const f = fakeFetch(() => json(VALID))
    const v = createVerifier({ url: URL_, serviceToken: 'svc', fetch: f.fn, cacheSize: 2 })
    for (const k of ['fxk_a', 'fxk_b', 'fxk_c']) await v.verify(k)
    await v.verify('fxk_c')
    await v.verify('fxk_b')
    expect(f.calls).toHaveLength(3)
    await v.verify('fxk_a')
    expect(f.calls).toHaveLength(4)
    // None at all with 0.
    const none = createVerifier({ url: URL_, serviceToken: 'svc', fetch: f.fn, cacheSize: 0 })
    for (let i = 0; i < 3; i++) await none.verify('fxk_a')
    expect(f.calls).toHaveLength(7)
  })

  it('tells a server it cannot ask from an invalid key, and caches neither failure', async () => {
    let mode: 'down' | '500' | 'html' | 'up' = 'down'
    const f = fakeFetch(() => {
      if (mode === 'down') throw new TypeError('fetch failed')
      if (mode === '500') return json({ message: 'Internal server error' }, 500)
      if (mode === 'html') return new Response('<html>', { status: 200 })
      return json(VALID)
    })
    const v = createVerifier({ url: URL_, serviceToken: 'svc', fetch: f.fn })
    await expect(v.verify('fxk_good')).rejects.toBeInstanceOf(VerifierUnavailable)
    mode = '500'
    await expect(v.verify('fxk_good')).rejects.toMatchObject({ name: 'VerifierUnavailable', status: 500 })
    mode = 'html'
    await expect(v.verify('fxk_good')).rejects.toBeInstanceOf(VerifierUnavailable)
    mode = 'up'
    expect(await v.verify('fxk_good')).toEqual(VALID)
  })

  it('sends request logs beside a verify address given as a path (for a fetch that takes one), and never throws queuing an entry', async () => {
    const f = fakeFetch(() => json({ accepted: 1, duplicates: 0, dropped: { unknownKey: 0, future: 0, expired: 0 } }, 202))
    const v = createVerifier({ url: '/api/keys/verify', serviceToken: 'svc', fetch: f.fn })
    const entry = { requestId: 'req_1', keyId: 'apid_1', method: 'GET', route: '/v1/x', status: 200, durationMs: 1, at: new Date().toISOString() }
    // On Express an entry is queued in the response's 'finish' listener: a throw there would end the provider's process.
    expect(() => v.logRequest(entry)).not.toThrow()
    await v.close()
    expect(f.calls.map((c) => c.url)).toEqual(['/api/logs'])
  })

  it('refuses, when made, a number option that is not one: an unset variable read as Number(process.env.X) is NaN', () => {
    const make = (more: object) => () => createVerifier({ url: URL_, serviceToken: 'svc', fetch: fakeFetch(() => json(VALID)).fn, ...more })
    expect(make({ cacheSeconds: Number(undefined) })).toThrow('createVerifier: cacheSeconds must be a number of at least 0 (got NaN).')
    expect(make({ cacheSize: 10.5 })).toThrow(/cacheSize must be a whole number/)
    expect(make({ timeoutMs: Infinity })).toThrow(/timeoutMs must be a number of at least 1/)
    expect(make({ requestLogs: { maxQueue: NaN } })).toThrow('createVerifier requestLogs: maxQueue must be a whole number of at least 1 (got NaN).')
    expect(make({ requestLogs: { intervalMs: -1 } })).toThrow(/intervalMs must be a number of at least 0/)
    expect(make({ requestLogs: { batchSize: 0 } })).toThrow(/batchSize/)
    // What the docs allow still makes a verifier.
    expect(make({ cacheSeconds: 0, cacheSize: 0, requestLogs: { intervalMs: 0, maxQueue: 1, batchSize: 1000 } })).not.toThrow()
    const v = make({})()
    expect(() => honoApiKey(v, { trustedProxies: '10.0.0.2' as never })).toThrow(/trustedProxies must be a list/)
    expect(() => expressApiKey(v, { trustedProxies: ['10.0.0.2', 7] as never })).toThrow(/trustedProxies must be a list/)
    expect(() => honoApiKey(v, { trustedProxies: ['10.0.0.2'] })).not.toThrow()
  })

  it('counts a batch answered 2xx by something that is not the portal (a wrong requestLogs.url) as refused, saying so, never as sent', async () => {
    const v = createVerifier({
      url: URL_,
      serviceToken: 'svc',
      fetch: (async () => new Response('<html>Welcome</html>', { status: 200 })) as unknown as typeof fetch,
    })
    v.logRequest({ requestId: 'req_1', keyId: 'apid_1', method: 'GET', route: '/v1/x', status: 200, durationMs: 1, at: new Date().toISOString() })
    await v.flush()
    expect(v.requestLogStats()).toMatchObject({ sent: 0, refused: 1, lastError: "the answer to a batch (200) is not the portal's: is requestLogs.url right?" })
    await v.close()
  })

  it('refuses what cannot be a key without a call', async () => {
    const f = fakeFetch(() => json(VALID))
    const v = createVerifier({ url: URL_, serviceToken: 'svc', fetch: f.fn })
    expect(await v.verify('')).toEqual({ valid: false, code: 'NOT_FOUND' })
    expect(await v.verify('x'.repeat(201))).toEqual({ valid: false, code: 'NOT_FOUND' })
    expect(f.calls).toHaveLength(0)
  })
})

describe('createVerifier with restrictions', () => {
  it('sends ip and scopes, reuses an answer only for the same key, address and scopes, and sends no address the server would refuse', async () => {
    const f = fakeFetch(() => json(VALID))
    const bodies: unknown[] = []
    const fn = (async (url: string, init: RequestInit) => {
      bodies.push(sentJson(init))
      return f.fn(url, init)
    }) as unknown as typeof fetch
    const v = createVerifier({ url: URL_, serviceToken: 'svc', fetch: fn })
    await v.verify('fxk_a', { ip: '203.0.113.7', scopes: ['invoices:read'] })
    await v.verify('fxk_a', { ip: '203.0.113.7', scopes: ['invoices:read'] })
    await v.verify('fxk_a', { ip: '203.0.113.8', scopes: ['invoices:read'] })
    await v.verify('fxk_a', { ip: '203.0.113.7', scopes: ['invoices:write'] })
    await v.verify('fxk_a', { ip: 'not an address' })
    await v.verify('fxk_a')
    expect(bodies).toEqual([
      { key: 'fxk_a', ip: '203.0.113.7', scopes: ['invoices:read'] },
      { key: 'fxk_a', ip: '203.0.113.8', scopes: ['invoices:read'] },
      { key: 'fxk_a', ip: '203.0.113.7', scopes: ['invoices:write'] },
      { key: 'fxk_a' },
    ])
  })
})

describe('the client address', () => {
  it('is the socket peer; X-Forwarded-For counts only behind a proxy the provider names, read from the right', () => {
    expect(clientAddress('::ffff:198.51.100.4', '203.0.113.9')).toBe('198.51.100.4')
    expect(clientAddress('198.51.100.4', '203.0.113.9', ['10.0.0.1'])).toBe('198.51.100.4')
    expect(clientAddress('10.0.0.1', '1.2.3.4, 203.0.113.9', ['10.0.0.1'])).toBe('203.0.113.9')
    expect(clientAddress('10.0.0.1', '1.2.3.4, 203.0.113.9, 10.0.0.2', ['10.0.0.1', '10.0.0.2'])).toBe('203.0.113.9')
    expect(clientAddress(undefined, '203.0.113.9', ['10.0.0.1'])).toBeUndefined()
  })
})

describe('honoApiKey', () => {
  const app = (answer: () => Response) => {
    const v = createVerifier({ url: URL_, serviceToken: 'svc', fetch: fakeFetch(answer).fn, cacheSeconds: 0 })
    return new Hono<{ Variables: ApiKeyVariables }>().use('/v1/*', honoApiKey(v)).get('/v1/me', (c) => c.json(c.get('apiKey')))
  }

  it('mounts on an app that declares no variables too', async () => {
    const v = createVerifier({ url: URL_, serviceToken: 'svc', fetch: fakeFetch(() => json({ valid: false, code: 'NOT_FOUND' })).fn })
    const plain = new Hono().use(honoApiKey(v)).get('/', (c) => c.text('reached'))
    expect((await plain.request('/', { headers: { Authorization: 'Bearer fxk_x' } })).status).toBe(401)
  })

  it('lets a valid key through with { keyId, projectId } on the context', async () => {
    const res = await app(() => json(VALID)).request('/v1/me', { headers: { Authorization: 'Bearer fxk_good' } })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ keyId: 'apid_1', projectId: 'prj_1', mode: 'live', scopes: null })
  })

  it('answers 401 JSON to a missing, unknown or expired key, and 503 when keys cannot be checked', async () => {
    const missing = await app(() => json(VALID)).request('/v1/me')
    expect(missing.status).toBe(401)
    expect(missing.headers.get('www-authenticate')).toBe('Bearer')
    expect(await missing.json()).toEqual({ message: 'An API key is required: send it as Authorization: Bearer <key>.' })
    const unknown = await app(() => json({ valid: false, code: 'NOT_FOUND' })).request('/v1/me', { headers: { Authorization: 'Bearer fxk_x' } })
    expect([unknown.status, await unknown.json()]).toEqual([401, { message: 'This API key is not valid.', code: 'NOT_FOUND' }])
    const expired = await app(() => json({ valid: false, code: 'EXPIRED' })).request('/v1/me', { headers: { Authorization: 'Bearer fxk_x' } })
    expect([expired.status, await expired.json()]).toEqual([401, { message: 'This API key has expired.', code: 'EXPIRED' }])
    const down = await app(() => json({}, 502)).request('/v1/me', { headers: { Authorization: 'Bearer fxk_x' } })
    expect([down.status, await down.json()]).toEqual([503, { message: 'API keys cannot be checked right now. Try again in a moment.' }])
  })

  it("answers 503 to a server's 200 whose scopes are no list of names (a broken server's, a proxy's), never a thrown error (500)", async () => {
    const broken = [
      { ...VALID, scopes: 5 },
      { ...VALID, scopes: {} },
      { ...VALID, scopes: [1] },
      { valid: false, code: 'INSUFFICIENT_SCOPE', missingScopes: 5 },
    ]
    for (const answer of broken) {
      const res = await app(() => json(answer)).request('/v1/me', { headers: { Authorization: 'Bearer fxk_x' } })
      expect([res.status, answer]).toEqual([503, answer])
    }
  })
})

describe('expressApiKey', () => {
  /** The calls Express's res gets, and what next() was given. */
  function run(answer: () => Response, authorization?: string) {
    const v = createVerifier({ url: URL_, serviceToken: 'svc', fetch: fakeFetch(answer).fn })
    const req: { headers: { authorization?: string }; apiKey?: ApiKeyInfo } = { headers: { authorization } }
    const res = { status: 0, headers: {} as Record<string, string>, body: undefined as unknown }
    return new Promise<{ req: typeof req; res: typeof res; next: boolean }>((resolve) => {
      expressApiKey(v)(
        req,
        {
          status: (code: number) => (res.status = code),
          setHeader: (name: string, value: string) => (res.headers[name] = value),
          json: (body: unknown) => {
            res.body = body
            resolve({ req, res, next: false })
          },
        },
        () => resolve({ req, res, next: true }),
      )
    })
  }

  it('puts { keyId, projectId } on req and calls next for a valid key', async () => {
    const { req, next } = await run(() => json(VALID), 'Bearer fxk_good')
    expect(next).toBe(true)
    expect(req.apiKey).toEqual({ keyId: 'apid_1', projectId: 'prj_1', mode: 'live', scopes: null })
  })

  it('answers 401 JSON to a refused key without calling next', async () => {
    const { res, next, req } = await run(() => json({ valid: false, code: 'NOT_FOUND' }), 'Bearer fxk_x')
    expect(next).toBe(false)
    expect(req.apiKey).toBeUndefined()
    expect(res).toEqual({
      status: 401,
      headers: { 'WWW-Authenticate': 'Bearer', 'Cache-Control': 'no-store' },
      body: { message: 'This API key is not valid.', code: 'NOT_FOUND' },
    })
  })
})
