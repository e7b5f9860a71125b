/**
 * flex-portal/verify against what a provider's app and its clients really do: Express routers mounted on a
 * parameter, clients that leave a stream, a key server that takes the connection and never answers, settings the
 * server refuses, and entries a provider's own code hands to logRequest.
 */
import express from 'express'
import { Hono } from 'hono'
import { createServer as createHttpServer, request, type Server as HttpServer } from 'node:http'
import { createServer, type Server, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { IP_ADDRESS_INVALID, SCOPES_INVALID } from '../../contract/constants'
import { createVerifier, expressApiKey, honoApiKey, VerifierUnavailable, type ApiKeyVariables, type Verifier } from '../../verify/index'
import { auth, fakePortal, json, sentJson, serveExpress, VALID, VERIFY_URL } from './verify-fake-portal'

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()))
})

/** Listens on a free loopback port, closed after the test; resolves to its origin. */
async function listening(server: HttpServer): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  closers.push(() => new Promise((resolve) => server.close(() => resolve())))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

async function listen(app: express.Express, verifier: Verifier): Promise<string> {
  const served = await serveExpress(app, verifier)
  closers.push(served.close)
  return served.url
}

describe('expressApiKey reports the route as the provider wrote it, never a path a client sent', () => {
  it('under routers and sub-apps mounted on parameters, at any depth, in any case the client wrote', async () => {
    const portal = fakePortal()
    const verifier = portal.verifier()
    const app = express()
    app.use(expressApiKey(verifier, { requestLogs: true }))
    const invoices = express.Router()
    invoices.get('/invoices/:id', (_req, res) => void res.json({}))
    const items = express.Router({ mergeParams: true })
    items.post('/items', (_req, res) => void res.status(201).json({}))
    invoices.use('/invoices/:id', items)
    app.use('/orgs/:org', invoices)
    const tenant = express()
    tenant.get('/users/:user', (_req, res) => void res.json({}))
    app.use('/t/:tenant', tenant)
    app.get('/health', (_req, res) => void res.json({}))
    const base = await listen(app, verifier)

    const calls: Array<[string, string]> = [
      ['GET', '/orgs/acme-secret-42/invoices/in_1'],
      ['GET', '/ORGS/Acme/invoices/in_2'],
      ['POST', '/orgs/acme-secret-42/invoices/in_1/items'],
      ['GET', '/t/tenant-x/users/ada@example.com'],
      ['GET', '/health'],
    ]
    for (const [method, path] of calls) expect((await fetch(`${base}${path}`, { method, headers: auth })).ok).toBe(true)
    await expect.poll(() => verifier.requestLogStats().queued, { timeout: 10_000 }).toBe(calls.length)
    await verifier.flush()
    expect(portal.entries().map((e) => `${e.method} ${e.route}`)).toEqual([
      'GET /orgs/:org/invoices/:id',
      'GET /orgs/:org/invoices/:id',
      'POST /orgs/:org/invoices/:id/items',
      'GET /t/:tenant/users/:user',
      'GET /health',
    ])
    expect(JSON.stringify(portal.attempts)).not.toMatch(/acme|Acme|tenant-x|ada@|in_1|in_2/)
  })

  it("under a mount written as a pattern, the route's own template alone", async () => {
    const portal = fakePortal()
    const verifier = portal.verifier()
    const app = express()
    app.use(expressApiKey(verifier, { requestLogs: true }))
    const router = express.Router()
    router.get('/profile', (_req, res) => void res.json({}))
    app.use(/^\/u\/[^/]+/, router)
    const base = await listen(app, verifier)
    expect((await fetch(`${base}/u/ada-lovelace/profile`, { headers: auth })).status).toBe(200)
    await expect.poll(() => verifier.requestLogStats().queued, { timeout: 10_000 }).toBe(1)
    await verifier.flush()
    expect(portal.entries().map((e) => e.route)).toEqual(['/profile'])
  })

  it('under a route written as a list of paths, the path of the list that matched; under a pattern, the pattern as written', async () => {
    const portal = fakePortal()
    const verifier = portal.verifier()
    const app = express()
    app.use(expressApiKey(verifier, { requestLogs: true }))
    app.get(/^\/re\/(\d+)$/, (_req, res) => void res.json({}))
    app.get(['/list/a', '/list/b/:id'], (_req, res) => void res.json({}))
    const router = express.Router()
    router.get(['/x', '/y/:id'], (_req, res) => void res.json({}))
    app.use('/m/:org', router)
    const base = await listen(app, verifier)
    const paths = ['/re/5', '/list/a', '/list/b/7?q=secret', '/m/acme/y/3', '/m/acme/x', '/nowhere']
    for (const path of paths) await fetch(`${base}${path}`, { headers: auth })
    await expect.poll(() => verifier.requestLogStats().queued, { timeout: 10_000 }).toBe(paths.length)
    await verifier.flush()
    expect(portal.entries().map((e) => [e.route, e.status])).toEqual([
      ['/^\\/re\\/(\\d+)$/', 200],
      ['/list/a', 200],
      ['/list/b/:id', 200],
      ['/m/:org/y/:id', 200],
      ['/m/:org/x', 200],
      ['(unmatched)', 404],
    ])
  })

  it('a list route under a mount: the matched path for a request naming its target whole; every path of the list, each under the mount, when an error handler outside answered', async () => {
    const portal = fakePortal()
    const verifier = portal.verifier()
    const app = express()
    app.use(expressApiKey(verifier, { requestLogs: true }))
    const router = express.Router()
    router.get(['/x', '/y/:id'], (_req, res) => void res.json({}))
    router.get(['/p', '/q/:id'], (_req, _res, next) => next(new Error('boom')))
    app.use('/m/:org', router)
    app.use((_e: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => void res.status(500).json({}))
    const base = new URL(await listen(app, verifier))
    // The absolute form of a request target (`GET http://host/path`), which HTTP/1.1 servers take and Express routes.
    const absolute = await new Promise<number>((resolve, reject) =>
      request({ host: base.hostname, port: base.port, path: `${base.origin}/m/acme/y/3`, headers: auth }, (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      })
        .on('error', reject)
        .end(),
    )
    expect(absolute).toBe(200)
    expect((await fetch(`${base.origin}/m/acme/q/9`, { headers: auth })).status).toBe(500)
    await expect.poll(() => verifier.requestLogStats().queued, { timeout: 10_000 }).toBe(2)
    await verifier.flush()
    expect(portal.entries().map((e) => [e.route, e.status])).toEqual([
      ['/m/:org/y/:id', 200],
      ['/m/:org/p,/m/:org/q/:id', 500],
    ])
  })

  it('reports a stream the client left once its status was sent; nothing twice', async () => {
    const portal = fakePortal()
    const verifier = portal.verifier()
    const app = express()
    app.use(expressApiKey(verifier, { requestLogs: true }))
    app.get('/events', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' })
      res.write('data: first\n\n')
    })
    const base = await listen(app, verifier)
    const client = new AbortController()
    const answer = await fetch(`${base}/events`, { headers: auth, signal: client.signal })
    expect(answer.status).toBe(200)
    await answer.body!.getReader().read()
    client.abort()
    await expect.poll(() => verifier.requestLogStats().queued, { timeout: 10_000 }).toBe(1)
    await verifier.flush()
    expect(portal.entries().map((e) => [e.route, e.status])).toEqual([['/events', 200]])
  })
})

describe('the key check', () => {
  it('gives up on a key server that takes the connection and never answers, as unavailable (503), not after minutes', async () => {
    const held: Socket[] = []
    const silent: Server = createServer((socket) => void held.push(socket))
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    closers.push(async () => {
      for (const socket of held) socket.destroy()
      await new Promise((resolve) => silent.close(resolve))
    })
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/api/keys/verify`
    const verifier = createVerifier({ url, serviceToken: 'svc', timeoutMs: 100 })
    const failure = await verifier.verify('fxk_good').catch((err: unknown) => err)
    expect(failure).toBeInstanceOf(VerifierUnavailable)
    expect((failure as Error).message).toBe('The key server did not answer within 100 ms.')
  })

  it('follows no redirect: a key server that answers 307 is unavailable with that status, and neither the key nor the entries go where it points', async () => {
    let reached = 0
    const elsewhere = createHttpServer((_req, res) => {
      reached++
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(VALID))
    })
    const target = await listening(elsewhere)
    const moved = await listening(createHttpServer((req, res) => void res.writeHead(307, { Location: `${target}${req.url}` }).end()))
    const verifier = createVerifier({ url: `${moved}/api/keys/verify`, serviceToken: 'svc' })
    const failure = await verifier.verify('fxk_good').catch((err: unknown) => err)
    expect(failure).toBeInstanceOf(VerifierUnavailable)
    expect((failure as VerifierUnavailable).status).toBe(307)
    expect((failure as Error).message).toBe('The key server answered 307.')
    verifier.logRequest({ requestId: 'req_1', keyId: 'apid_1', method: 'GET', route: '/v1/x', status: 200, durationMs: 1, at: new Date().toISOString() })
    await verifier.flush()
    expect(verifier.requestLogStats()).toMatchObject({ sent: 0, refused: 1, lastError: 'the portal refused a batch with 307' })
    expect(reached).toBe(0)
    await verifier.close()
  })

  it("takes scopes the server refuses as this service's mistake (503), never as a bad key; a middleware refuses them when made", async () => {
    const fn = (async (_url: string, init: RequestInit) => {
      const body = sentJson(init) as { scopes?: string[] }
      return body.scopes?.includes('') ? json({ message: 'scopes must be a list of scope names, not [""].', code: SCOPES_INVALID }, 400) : json(VALID)
    }) as unknown as typeof fetch
    const verifier = createVerifier({ url: VERIFY_URL, serviceToken: 'svc', fetch: fn })
    const failure = await verifier.verify('fxk_good', { scopes: [''] }).catch((err: unknown) => err)
    expect(failure).toBeInstanceOf(VerifierUnavailable)
    expect((failure as VerifierUnavailable).status).toBe(400)
    // Nothing was cached as "invalid": the same key with good scopes passes.
    expect(await verifier.verify('fxk_good', { scopes: ['invoices:read'] })).toEqual(VALID)
    // A NUL or half a surrogate pair, which the server reads as an unstorable body: refused here too, never a bad key.
    for (const scopes of [['inv\u0000'], ['inv\ud800']]) {
      const refused = await verifier.verify('fxk_good', { scopes }).catch((err: unknown) => err)
      expect(refused, JSON.stringify(scopes)).toBeInstanceOf(VerifierUnavailable)
    }
    for (const scopes of [[''], ['x'.repeat(101)], Array.from({ length: 51 }, (_, i) => `s${i}`), ['inv\u0000'], ['inv\ud800']]) {
      expect(() => honoApiKey(verifier, { scopes })).toThrow(TypeError)
      expect(() => expressApiKey(verifier, { scopes })).toThrow(TypeError)
    }
  })

  it('keeps an answer for its own list of scopes: two names are not the one name with a space between them', async () => {
    const asked: string[][] = []
    const fn = (async (_url: string, init: RequestInit) => {
      const { scopes } = sentJson(init) as { scopes: string[] }
      asked.push(scopes)
      return scopes.length === 2 ? json(VALID) : json({ valid: false, code: 'INSUFFICIENT_SCOPE', missingScopes: scopes })
    }) as unknown as typeof fetch
    const verifier = createVerifier({ url: VERIFY_URL, serviceToken: 'svc', fetch: fn })
    expect(await verifier.verify('fxk_good', { scopes: ['invoices:read', 'customers:read'] })).toEqual(VALID)
    expect(await verifier.verify('fxk_good', { scopes: ['invoices:read customers:read'] })).toMatchObject({ valid: false, code: 'INSUFFICIENT_SCOPE' })
    expect(asked).toHaveLength(2)
  })

  it("takes a 400 without the server's code (a proxy's page in front of it) as unavailable, never as a bad key, and caches nothing", async () => {
    let proxy = true
    const fn = (async () =>
      proxy ? new Response('<html>400 The plain HTTP request was sent to HTTPS port</html>', { status: 400 }) : json(VALID)) as unknown as typeof fetch
    const verifier = createVerifier({ url: VERIFY_URL, serviceToken: 'svc', fetch: fn })
    const failure = await verifier.verify('fxk_good').catch((err: unknown) => err)
    expect(failure).toBeInstanceOf(VerifierUnavailable)
    expect((failure as VerifierUnavailable).status).toBe(400)
    proxy = false
    expect(await verifier.verify('fxk_good')).toEqual(VALID)
  })

  it("never answers one key's cached answer for another that spells it with the address: no key holds a line break", async () => {
    const asked: unknown[] = []
    const fn = (async (_url: string, init: RequestInit) => {
      const body = sentJson(init) as { key: string; ip?: string }
      asked.push(body)
      // fxk_k is allowed from 203.0.113.9 only; the server knows no other key.
      return json(body.key === 'fxk_k' && body.ip === '203.0.113.9' ? VALID : { valid: false, code: body.key === 'fxk_k' ? 'IP_NOT_ALLOWED' : 'NOT_FOUND' })
    }) as unknown as typeof fetch
    const verifier = createVerifier({ url: VERIFY_URL, serviceToken: 'svc', fetch: fn })
    expect(await verifier.verify('fxk_k', { ip: '203.0.113.9' })).toEqual(VALID)
    expect(await verifier.verify('fxk_k\n203.0.113.9\n')).toEqual({ valid: false, code: 'NOT_FOUND' })
    expect(asked).toHaveLength(1)
  })

  it('hands each request its own scopes: what a handler does to them reaches neither the next request nor the cached answer', async () => {
    const scoped = { ...VALID, scopes: ['invoices:read'] }
    const verifier = createVerifier({ url: VERIFY_URL, serviceToken: 'svc', fetch: (async () => json(scoped)) as unknown as typeof fetch })
    const app = new Hono<{ Variables: ApiKeyVariables }>().use(honoApiKey(verifier)).get('/', (c) => {
      const { scopes } = c.get('apiKey')
      const seen = [...(scopes ?? [])]
      scopes?.push('admin')
      return c.json(seen)
    })
    for (let i = 0; i < 2; i++) expect(await (await app.request('/', { headers: auth })).json()).toEqual(['invoices:read'])
    // verify()'s own callers share the cached answer: it cannot be changed.
    const answer = await verifier.verify('fxk_good')
    expect(() => (answer as { scopes: string[] }).scopes.push('admin')).toThrow(TypeError)
    expect(await verifier.verify('fxk_good')).toEqual(scoped)
  })

  it('asks again without an address the server does not take as one, so a key without an allowlist passes', async () => {
    const asked: unknown[] = []
    const fn = (async (_url: string, init: RequestInit) => {
      const body = sentJson(init) as { ip?: string }
      asked.push(body)
      return body.ip === '1:2' ? json({ message: 'ip must be an IPv4 or IPv6 address, not "1:2".', code: IP_ADDRESS_INVALID }, 400) : json(VALID)
    }) as unknown as typeof fetch
    const verifier = createVerifier({ url: VERIFY_URL, serviceToken: 'svc', fetch: fn })
    expect(await verifier.verify('fxk_good', { ip: '1:2' })).toEqual(VALID)
    expect(asked).toEqual([{ key: 'fxk_good', ip: '1:2' }, { key: 'fxk_good' }])
  })
})

describe('what the portal did not keep', () => {
  it('is counted by its reason (a clock ahead, a deleted key, past the retention), apart from what it took, and not sent again', async () => {
    let batches = 0
    const fn = (async (url: string, init: RequestInit) => {
      if (url === VERIFY_URL) return json(VALID)
      batches++
      const { entries } = sentJson(init) as { entries: unknown[] }
      return json({ accepted: entries.length - 3, duplicates: 0, dropped: { unknownKey: 1, future: 2, expired: 0 } }, 202)
    }) as unknown as typeof fetch
    const verifier = createVerifier({ url: VERIFY_URL, serviceToken: 'svc', fetch: fn, requestLogs: { intervalMs: 60_000 } })
    closers.push(() => verifier.close())
    for (let i = 0; i < 5; i++)
      verifier.logRequest({ requestId: `req_${i}`, keyId: 'apid_1', method: 'GET', route: '/v1/x', status: 200, durationMs: 1, at: new Date().toISOString() })
    await verifier.flush()
    expect(batches).toBe(1)
    expect(verifier.requestLogStats()).toMatchObject({ queued: 0, sent: 2, discarded: { unknownKey: 1, future: 2, expired: 0 } })
  })
})

describe('logRequest, called by a provider on a framework without a middleware', () => {
  it('sends what the portal can read and refuses only the entry it cannot, never the batch', async () => {
    const portal = fakePortal()
    const verifier = portal.verifier({ intervalMs: 60_000 })
    closers.push(() => verifier.close())
    const good = { requestId: 'req_good', keyId: 'apid_1', method: 'GET', route: '/v1/x', status: 200, durationMs: 3, at: '2026-03-10T12:00:00Z' }
    verifier.logRequest(good)
    verifier.logRequest({ ...good, requestId: 'r'.repeat(300), method: 'M-SEARCH', durationMs: -2, at: '2026-03-10T13:00:00+01:00' })
    verifier.logRequest({ ...good, requestId: 'req_route', route: 'x'.repeat(250) })
    verifier.logRequest({ ...good, requestId: 'req_ctrl', route: '/v1/\r\nx' })
    // Nothing a reader sees, and half of a surrogate pair (a route cut in the middle of an emoji).
    verifier.logRequest({ ...good, requestId: 'req_blank', route: ' \u200b ' })
    verifier.logRequest({ ...good, requestId: 'req_half', route: '/v1/\ud83d' })
    for (const bad of [{ status: 999 }, { keyId: '' }, { at: 'yesterday' }, { at: '+275760-09-13T00:00:00Z' }, { at: '0000-06-01T00:00:00Z' }])
      verifier.logRequest({ ...good, ...bad })
    await verifier.flush()
    expect(portal.batches).toHaveLength(1)
    const [first, second, third, fourth, blank, half] = portal.entries()
    expect(first).toEqual({ ...good, at: '2026-03-10T12:00:00.000Z' })
    expect(second).toMatchObject({ method: 'OTHER', durationMs: 0, at: '2026-03-10T12:00:00.000Z' })
    expect(second.requestId).not.toBe('r'.repeat(300))
    expect([...third.route]).toHaveLength(200)
    expect([fourth.route, blank.route, half.route]).toEqual(['(unmatched)', '(unmatched)', '(unmatched)'])
    expect(verifier.requestLogStats()).toMatchObject({ sent: 6, refused: 5 })
  })
})
