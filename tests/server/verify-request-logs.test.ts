/**
 * flex-portal/verify's request logs: what the Hono and Express middlewares
 * report with `{ requestLogs: true }`, and how the reporter sends it without
 * ever costing the provider's API a request (portal down, slow, failing).
 */
import express from 'express'
import { Hono } from 'hono'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { expressApiKey, honoApiKey, type RequestLogEntry } from '../../verify/index'
import { auth, fakePortal, serveExpress, UUID } from './verify-fake-portal'

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()))
  vi.restoreAllMocks()
})

function honoApp(verifier: ReturnType<ReturnType<typeof fakePortal>['verifier']>, options = { requestLogs: true }) {
  closers.push(() => verifier.close())
  const v1 = new Hono().get('/orders/:orderId/items', (c) => c.json({ order: c.req.param('orderId') })).post('/orders', (c) => c.json({ created: true }, 201))
  return (
    new Hono()
      .use('/v1/*', honoApiKey(verifier, options))
      // A middleware of the provider's own, which passes on: never the route.
      .use('/v1/*', async (_c, next) => {
        await next()
      })
      .all('/v1/proxy/*', (c) => c.text('proxied'))
      .get('/v1/invoices/:id', (c) => (c.req.param('id') === 'missing' ? c.json({ message: 'No such invoice.' }, 404) : c.json({ id: c.req.param('id') })))
      .get('/v1/boom', () => {
        throw new Error('the provider failed')
      })
      .route('/v1', v1)
      .onError((_err, c) => c.json({ message: 'Internal server error' }, 500))
  )
}

describe('honoApiKey with requestLogs', () => {
  it('reports each answered request with its key, method, route template, status, duration and time, never its path or query', async () => {
    const portal = fakePortal()
    const verifier = portal.verifier()
    const app = honoApp(verifier)
    const before = Date.now()
    expect((await app.request('/v1/invoices/in_42?secret=s3cr3t', { headers: auth })).status).toBe(200)
    expect((await app.request('/v1/invoices/missing', { headers: auth })).status).toBe(404)
    expect((await app.request('/v1/boom', { headers: auth })).status).toBe(500)
    expect((await app.request('/v1/orders/ord_7/items', { headers: auth })).status).toBe(200)
    expect((await app.request('/v1/orders', { method: 'POST', headers: auth })).status).toBe(201)
    expect((await app.request('/v1/nowhere/ord_7', { headers: auth })).status).toBe(404)
    expect((await app.request('/v1/proxy/users/alice@example.com', { headers: auth })).status).toBe(200)
    await verifier.flush()
    const entries = portal.entries()
    expect(entries.map((e) => [e.method, e.route, e.status, e.keyId])).toEqual([
      ['GET', '/v1/invoices/:id', 200, 'apid_1'],
      ['GET', '/v1/invoices/:id', 404, 'apid_1'],
      ['GET', '/v1/boom', 500, 'apid_1'],
      ['GET', '/v1/orders/:orderId/items', 200, 'apid_1'],
      ['POST', '/v1/orders', 201, 'apid_1'],
      ['GET', '(unmatched)', 404, 'apid_1'],
      ['GET', '/v1/proxy/*', 200, 'apid_1'],
    ])
    for (const e of entries) {
      expect(Object.keys(e).sort()).toEqual(['at', 'durationMs', 'keyId', 'method', 'requestId', 'route', 'status'])
      expect(e.durationMs).toBeGreaterThanOrEqual(0)
      expect(Date.parse(e.at)).toBeGreaterThanOrEqual(before - 1)
      expect(new Date(e.at).toISOString()).toBe(e.at)
    }
    const sent = JSON.stringify(portal.attempts)
    for (const secret of ['in_42', 's3cr3t', 'ord_7', 'nowhere', 'alice', 'fxk_good']) expect(sent).not.toContain(secret)
    expect(portal.tokens).toEqual(new Set(['Bearer svc']))
  })

  it('reports a 404 that middlewares on paths of their own passed on as (unmatched), and a mounted app that answered under its mount', async () => {
    const portal = fakePortal()
    const verifier = portal.verifier()
    const app = honoApp(verifier)
      .use('/v1/special', async (_c, next) => {
        await next()
      })
      .use('/v1/users/:id', async (_c, next) => {
        await next()
      })
      .get('/v1/users/:id/x', (c) => c.text('x'))
      // A mounted app answers its own 404 for a path it has no route for, as an Express sub-app would not.
      .mount('/v1/mounted', (req) => (new URL(req.url).pathname === '/abc' ? new Response('mounted') : new Response('not here', { status: 404 })))
    const statuses = []
    for (const path of ['/v1/special', '/v1/users/123', '/v1/users/123/x', '/v1/mounted/abc?x=1', '/v1/mounted/nothing'])
      statuses.push((await app.request(path, { headers: auth })).status)
    expect(statuses).toEqual([404, 404, 200, 200, 404])
    await verifier.flush()
    expect(portal.entries().map((e) => e.route)).toEqual(['(unmatched)', '(unmatched)', '/v1/users/:id/x', '/v1/mounted/*', '(unmatched)'])
  })

  it("keeps the client's sane X-Request-Id and answers it; makes one for a missing or unusable id", async () => {
    const portal = fakePortal()
    const verifier = portal.verifier()
    const echoed = await honoApp(verifier).request('/v1/invoices/1', { headers: { ...auth, 'X-Request-Id': 'req_01HZX-abc.9:1' } })
    expect(echoed.headers.get('x-request-id')).toBe('req_01HZX-abc.9:1')
    const made: string[] = []
    for (const sent of [undefined, 'has spaces', 'x'.repeat(101), '<script>', '-leading-dash']) {
      const res = await honoApp(verifier).request('/v1/invoices/1', { headers: { ...auth, ...(sent ? { 'X-Request-Id': sent } : {}) } })
      made.push(res.headers.get('x-request-id')!)
    }
    expect(made.every((id) => UUID.test(id))).toBe(true)
    expect(new Set(made).size).toBe(made.length)
    await verifier.flush()
    expect(portal.entries().map((e) => e.requestId)).toEqual(['req_01HZX-abc.9:1', ...made])
  })

  it('answers the request id off Node too (no Node response), on a Response the handler made itself, a fetched one included', async () => {
    const portal = fakePortal()
    const verifier = portal.verifier()
    const app = honoApp(verifier)
      .get('/v1/own', () => new Response('own'))
      .get('/v1/fetched', () => fetch('data:text/plain,hi'))
    const ids: string[] = []
    for (const path of ['/v1/own', '/v1/fetched']) {
      const res = await app.request(path, { headers: auth })
      expect([res.status, await res.text()], path).toEqual([200, path === '/v1/own' ? 'own' : 'hi'])
      ids.push(res.headers.get('x-request-id')!)
    }
    expect(ids.every((id) => UUID.test(id))).toBe(true)
    await verifier.flush()
    expect(portal.entries().map((e) => e.requestId)).toEqual(ids)
  })

  it('reports what the server can read of any request: an odd method, a route template past 200 characters', async () => {
    const portal = fakePortal()
    const verifier = portal.verifier()
    const long = `/v1/${'a'.repeat(300)}/:id`
    const app = honoApp(verifier).get(long, (c) => c.text('ok'))
    expect((await app.request(`/v1/${'a'.repeat(300)}/7`, { headers: auth })).status).toBe(200)
    expect((await app.request('/v1/invoices/1', { method: 'M-SEARCH', headers: auth })).status).toBe(404)
    await verifier.flush()
    expect(verifier.requestLogStats()).toMatchObject({ sent: 2, refused: 0 })
    expect(portal.entries().map((e) => [e.method, e.route])).toEqual([
      ['GET', long.slice(0, 200)],
      ['OTHER', '(unmatched)'],
    ])
  })

  it('reports nothing for a refused key, and nothing (nor a request id) without the option', async () => {
    const portal = fakePortal()
    const verifier = portal.verifier()
    const refused = await honoApp(verifier).request('/v1/invoices/1', { headers: { Authorization: 'Bearer fxk_bad' } })
    expect(refused.status).toBe(401)
    const off = await honoApp(verifier, { requestLogs: false }).request('/v1/invoices/1', { headers: auth })
    expect(off.status).toBe(200)
    expect(off.headers.get('x-request-id')).toBeNull()
    await verifier.flush()
    expect(portal.attempts).toEqual([])
    expect(verifier.requestLogStats()).toMatchObject({ queued: 0, sent: 0 })
  })
})

/** An Express app on a free port, with a router mounted under /v2. */
async function expressServer(verifier: ReturnType<ReturnType<typeof fakePortal>['verifier']>, options: { requestLogs: boolean; clientAddress?: boolean }) {
  const app = express()
  app.use('/v1', expressApiKey(verifier, options))
  app.use('/v2', expressApiKey(verifier, options))
  app.get('/v1/invoices/:id', (req, res) => {
    res.status(req.params.id === 'missing' ? 404 : 200).json({ id: req.params.id })
  })
  const v2 = express.Router()
  v2.delete('/items/:itemId', (_req, res) => {
    res.status(204).end()
  })
  app.use('/v2', v2)
  const served = await serveExpress(app, verifier)
  closers.push(served.close)
  return served.url
}

describe('expressApiKey with requestLogs', () => {
  it('reports the route template under its mount path, the status and the request id it answers', async () => {
    const portal = fakePortal()
    const verifier = portal.verifier()
    const base = await expressServer(verifier, { requestLogs: true })
    const got = await fetch(`${base}/v1/invoices/in_42?secret=s3cr3t`, { headers: { ...auth, 'X-Request-Id': 'client-id-1' } })
    expect([got.status, got.headers.get('x-request-id')]).toEqual([200, 'client-id-1'])
    const missing = await fetch(`${base}/v1/invoices/missing`, { headers: auth })
    expect(missing.status).toBe(404)
    expect(missing.headers.get('x-request-id')).toMatch(UUID)
    expect((await fetch(`${base}/v2/items/it_9`, { method: 'DELETE', headers: auth })).status).toBe(204)
    expect((await fetch(`${base}/v1/nowhere`, { headers: auth })).status).toBe(404)
    // 'finish' comes after the client has its answer: wait for the fourth entry, not for time.
    await expect.poll(() => verifier.requestLogStats().queued, { timeout: 10_000 }).toBe(4)
    await verifier.flush()
    expect(portal.entries().map((e) => [e.requestId, e.method, e.route, e.status])).toEqual([
      ['client-id-1', 'GET', '/v1/invoices/:id', 200],
      [missing.headers.get('x-request-id'), 'GET', '/v1/invoices/:id', 404],
      [expect.stringMatching(UUID), 'DELETE', '/v2/items/:itemId', 204],
      [expect.stringMatching(UUID), 'GET', '(unmatched)', 404],
    ])
    expect(JSON.stringify(portal.attempts)).not.toMatch(/in_42|s3cr3t|it_9|nowhere|"ip"/)
  })

  it('adds the client address only when asked to', async () => {
    const portal = fakePortal()
    const verifier = portal.verifier()
    const base = await expressServer(verifier, { requestLogs: true, clientAddress: true })
    await fetch(`${base}/v1/invoices/1`, { headers: auth })
    await expect.poll(() => verifier.requestLogStats().queued, { timeout: 10_000 }).toBe(1)
    await verifier.flush()
    expect(portal.entries()[0].ip).toMatch(/127\.0\.0\.1$/)
  })
})

describe("two middlewares on one request (the API's, then a route's with its scopes), both with requestLogs", () => {
  it('report it once, under the request id the client is answered, with the route that answered', async () => {
    const portal = fakePortal()
    const verifier = portal.verifier()
    closers.push(() => verifier.close())
    const hono = new Hono()
      .use('/v1/*', honoApiKey(verifier, { requestLogs: true }))
      .post('/v1/invoices', honoApiKey(verifier, { requestLogs: true, scopes: ['invoices:write'] }), (c) => c.json({ made: true }, 201))
    const answered = await hono.request('/v1/invoices', { method: 'POST', headers: auth })
    expect(answered.status).toBe(201)
    const app = express()
    app.use('/v1', expressApiKey(verifier, { requestLogs: true }))
    app.post('/v1/invoices', expressApiKey(verifier, { requestLogs: true, scopes: ['invoices:write'] }), (_req, res) => void res.status(201).json({}))
    const served = await serveExpress(app, verifier)
    closers.push(served.close)
    const got = await fetch(`${served.url}/v1/invoices`, { method: 'POST', headers: auth })
    expect(got.status).toBe(201)
    await expect.poll(() => verifier.requestLogStats().queued, { timeout: 10_000 }).toBeGreaterThanOrEqual(2)
    await verifier.flush()
    expect(portal.entries().map((e) => [e.requestId, e.route, e.status])).toEqual([
      [answered.headers.get('x-request-id'), '/v1/invoices', 201],
      [got.headers.get('x-request-id'), '/v1/invoices', 201],
    ])
  })
})

describe('on Node 18, which has Web Crypto as a global only behind a flag', () => {
  it('answers through Hono and Express and reports each request with an id of its own', async () => {
    vi.stubGlobal('crypto', undefined)
    try {
      const portal = fakePortal()
      const verifier = portal.verifier()
      const hono = await honoApp(verifier).request('/v1/invoices/1', { headers: auth })
      expect(hono.status).toBe(200)
      const base = await expressServer(verifier, { requestLogs: true })
      const got = await fetch(`${base}/v1/invoices/in_42`, { headers: auth })
      expect(got.status).toBe(200)
      await expect.poll(() => verifier.requestLogStats().queued, { timeout: 10_000 }).toBe(2)
      await verifier.flush()
      const ids = portal.entries().map((e) => e.requestId)
      expect(ids).toEqual([hono.headers.get('x-request-id'), got.headers.get('x-request-id')])
      expect(ids[0]).toMatch(/^req_[0-9a-z_]+$/)
      expect(ids[0]).not.toBe(ids[1])
    } finally {
      vi.unstubAllGlobals()
    }
  })
})

describe('the request log reporter', () => {
  const entry = (i: number): RequestLogEntry => ({
    requestId: `req_${i}`,
    keyId: 'apid_1',
    method: 'GET',
    route: '/v1/x',
    status: 200,
    durationMs: 1,
    at: new Date().toISOString(),
  })

  it('sends what is queued on its own, in batches of at most 1,000, with the service token', async () => {
    const portal = fakePortal()
    const verifier = portal.verifier({ intervalMs: 50 })
    closers.push(() => verifier.close())
    for (let i = 0; i < 2500; i++) verifier.logRequest(entry(i))
    await expect.poll(() => portal.entries().length, { timeout: 10_000 }).toBe(2500)
    expect(portal.batches.map((b) => b.length)).toEqual([1000, 1000, 500])
    expect(portal.entries().map((e) => e.requestId)).toEqual(Array.from({ length: 2500 }, (_, i) => `req_${i}`))
    expect(verifier.requestLogStats()).toEqual({
      queued: 0,
      sent: 2500,
      dropped: 0,
      refused: 0,
      failedSends: 0,
      discarded: { unknownKey: 0, future: 0, expired: 0 },
    })
  })

  it("sends an entry's fields and nothing else a caller's object carries", async () => {
    const portal = fakePortal()
    const verifier = portal.verifier({ intervalMs: 50 })
    closers.push(() => verifier.close())
    verifier.logRequest({ ...entry(1), headers: { authorization: 'Bearer fxk_secret' }, body: 'card=4242' } as RequestLogEntry)
    await expect.poll(() => portal.entries().length, { timeout: 10_000 }).toBe(1)
    expect(Object.keys(portal.entries()[0]).sort()).toEqual(['at', 'durationMs', 'keyId', 'method', 'requestId', 'route', 'status'])
  })

  it('sends an ip only when the portal takes it as an address: another entry never gets its batch refused', async () => {
    const portal = fakePortal()
    const verifier = portal.verifier({ intervalMs: 50 })
    closers.push(() => verifier.close())
    const ips = ['203.0.113.7', '2001:db8::1', '::ffff:10.0.0.1', '....', '999.999.999.999', '01.2.3.4', 'dead:beef:::::::::1', '1.2.3.4::', 'fe80::1%eth0']
    ips.forEach((ip, i) => verifier.logRequest({ ...entry(i), ip }))
    await expect.poll(() => portal.entries().length, { timeout: 10_000 }).toBe(ips.length)
    expect(portal.entries().map((e) => e.ip)).toEqual(['203.0.113.7', '2001:db8::1', '::ffff:10.0.0.1', ...ips.slice(3).map(() => undefined)])
  })

  it('holds at most maxQueue entries while the portal is down, dropping the oldest and counting them', async () => {
    const portal = fakePortal()
    portal.mode = 'down'
    const verifier = portal.verifier({ maxQueue: 100 })
    const app = honoApp(verifier)
    const ids: string[] = []
    for (let i = 0; i < 150; i++) {
      const res = await app.request('/v1/invoices/1', { headers: { ...auth, 'X-Request-Id': `req_${i}` } })
      expect(res.status).toBe(200)
      ids.push(res.headers.get('x-request-id')!)
    }
    expect(verifier.requestLogStats()).toMatchObject({ queued: 100, dropped: 50, sent: 0 })
    portal.mode = 'up'
    await verifier.flush()
    expect(portal.entries().map((e) => e.requestId)).toEqual(ids.slice(50))
    expect(verifier.requestLogStats()).toMatchObject({ queued: 0, dropped: 50, sent: 100 })
  })

  it.each(['down', 'slow', '500'] as const)(
    'a portal that is %s costs the requests nothing, says nothing, and gets the same request ids again later',
    async (mode) => {
      const said = [vi.spyOn(console, 'error'), vi.spyOn(console, 'warn'), vi.spyOn(console, 'log')]
      const portal = fakePortal()
      portal.mode = mode
      const verifier = portal.verifier({ timeoutMs: 50 })
      const app = honoApp(verifier)
      const answers = await Promise.all(Array.from({ length: 20 }, () => app.request('/v1/invoices/1', { headers: auth })))
      expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200))
      await verifier.flush() // one failed send: resolves, never rejects
      expect(verifier.requestLogStats()).toMatchObject({ queued: 20, sent: 0, failedSends: 1, lastError: expect.any(String) })
      expect(portal.attempts).toHaveLength(1)
      portal.mode = 'up'
      await verifier.flush()
      expect(portal.batches).toHaveLength(1)
      expect(portal.batches[0].map((e) => e.requestId)).toEqual(portal.attempts[0].map((e) => e.requestId))
      expect(portal.batches[0].map((e) => e.requestId)).toEqual(answers.map((r) => r.headers.get('x-request-id')))
      for (const spy of said) expect(spy).not.toHaveBeenCalled()
    },
  )

  it('drops a batch the portal refuses for good (a wrong service token), counting it, without retrying it', async () => {
    const portal = fakePortal()
    portal.mode = '401'
    const verifier = portal.verifier()
    closers.push(() => verifier.close())
    for (let i = 0; i < 3; i++) verifier.logRequest(entry(i))
    await verifier.flush()
    expect(verifier.requestLogStats()).toMatchObject({ queued: 0, sent: 0, refused: 3, lastError: 'the portal refused a batch with 401' })
    expect(portal.attempts).toHaveLength(1)
  })

  it('close() sends what is queued before it resolves, and takes nothing after', async () => {
    const portal = fakePortal()
    const verifier = portal.verifier({ intervalMs: 60_000 })
    const app = honoApp(verifier)
    for (let i = 0; i < 5; i++) await app.request('/v1/invoices/1', { headers: auth })
    expect(portal.attempts).toEqual([])
    await verifier.close()
    expect(portal.entries()).toHaveLength(5)
    expect((await app.request('/v1/invoices/1', { headers: auth })).status).toBe(200)
    await verifier.flush()
    expect(verifier.requestLogStats()).toMatchObject({ queued: 0, sent: 5, dropped: 1 })
  })
})
