/**
 * flex-portal/verify's request logs as a provider on Node runs them: honoApiKey
 * on @hono/node-server over a socket (the request id is answered on Node's own
 * response there), and the entry's JSON text and time as the reporter writes them.
 */
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { get, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, describe, expect, it } from 'vitest'
import { createVerifier, honoApiKey, type RequestLogEntry, type Verification } from '../../verify/index'
import { entryJson, isoAt } from '../../verify/entry-json'
import { sentJson } from './verify-fake-portal'

const VERIFY_URL = 'https://portal.example/api/keys/verify'
const VALID: Verification = { valid: true, keyId: 'apid_1', projectId: 'prj_1', name: 'Default key', expiresAt: null, mode: 'live', scopes: null }
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const auth = { Authorization: 'Bearer fxk_good' }

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()))
})

/** A verifier whose portal (a fetch) takes every key and keeps every batch's entries. */
function portalVerifier() {
  const entries: RequestLogEntry[] = []
  const fn = (async (url: string, init: RequestInit) => {
    if (url === VERIFY_URL) return Response.json(VALID)
    entries.push(...(sentJson(init) as { entries: RequestLogEntry[] }).entries)
    return Response.json({ accepted: 1 }, { status: 202 })
  }) as unknown as typeof fetch
  const verifier = createVerifier({ url: VERIFY_URL, serviceToken: 'svc', fetch: fn })
  closers.push(() => verifier.close())
  return { verifier, entries }
}

/** The app on @hono/node-server, on a loopback port. */
async function nodeServer(app: Hono) {
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s))
  })
  closers.push(() => new Promise((resolve) => server.close(() => resolve())))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

describe('honoApiKey with requestLogs on @hono/node-server', () => {
  it("answers the request id on every answer, a handler's own Response and an error's too, and reports it", async () => {
    const { verifier, entries } = portalVerifier()
    const app = new Hono()
      .use('/v1/*', honoApiKey(verifier, { requestLogs: true }))
      .get('/v1/json', (c) => c.json({ ok: true }, 201))
      .get('/v1/own', () => new Response('made by the handler', { headers: { 'Content-Type': 'text/plain' } }))
      .get('/v1/boom', () => {
        throw new Error('the provider failed')
      })
      .onError((_err, c) => c.json({ message: 'Internal server error' }, 500))
    const base = await nodeServer(app)
    const answers = []
    for (const [path, sent] of [
      ['/v1/json', 'req_client-1'],
      ['/v1/own', undefined],
      ['/v1/boom', 'bad id with spaces'],
    ] as const) {
      const res = await fetch(`${base}${path}`, { headers: { ...auth, ...(sent ? { 'X-Request-Id': sent } : {}) } })
      answers.push({ status: res.status, id: res.headers.get('x-request-id'), body: await res.text() })
    }
    expect(answers.map((a) => a.status)).toEqual([201, 200, 500])
    expect(answers[0].id).toBe('req_client-1')
    expect(answers[1].body).toBe('made by the handler')
    expect(answers[1].id).toMatch(UUID)
    expect(answers[2].id).toMatch(UUID)
    await verifier.flush()
    expect(entries.map((e) => [e.requestId, e.route, e.status])).toEqual([
      ['req_client-1', '/v1/json', 201],
      [answers[1].id, '/v1/own', 200],
      [answers[2].id, '/v1/boom', 500],
    ])
  })
})

describe('honoApiKey with requestLogs, for a client gone before any answer', () => {
  it('reports nothing on @hono/node-server, as on Express; a client that stayed is reported', async () => {
    const { verifier, entries } = portalVerifier()
    let arrived!: () => void
    const reached = new Promise<void>((resolve) => (arrived = resolve))
    let answered = 0
    const app = new Hono<{ Bindings: { outgoing: ServerResponse } }>()
      .use('/v1/*', honoApiKey(verifier, { requestLogs: true }))
      .get('/v1/slow', async (c) => {
        // Answers once its client has gone, however long the machine takes to see it go.
        await new Promise((resolve) => {
          c.env.outgoing.once('close', resolve)
          arrived()
        })
        answered++
        return c.json({ ok: true })
      })
      .get('/v1/fast', (c) => c.json({ ok: true }))
    const base = await nodeServer(app as unknown as Hono)
    const left = get(`${base}/v1/slow`, { headers: auth })
    left.on('error', () => {})
    await reached
    left.destroy()
    await expect.poll(() => answered, { timeout: 10_000 }).toBe(1)
    expect((await fetch(`${base}/v1/fast`, { headers: auth })).status).toBe(200)
    await verifier.flush()
    expect(entries.map((e) => [e.route, e.status])).toEqual([['/v1/fast', 200]])
  })

  it("reports nothing elsewhere when the runtime aborts the request's signal (Deno, Bun)", async () => {
    const { verifier, entries } = portalVerifier()
    const app = new Hono().use('/v1/*', honoApiKey(verifier, { requestLogs: true })).get('/v1/slow', async (c) => {
      await sleep(200)
      return c.json({ ok: true })
    })
    const client = new AbortController()
    const left = app.request('/v1/slow', { headers: auth, signal: client.signal })
    setTimeout(() => client.abort(), 50)
    expect((await left).status).toBe(200)
    expect((await app.request('/v1/slow', { headers: auth })).status).toBe(200)
    await verifier.flush()
    expect(entries).toHaveLength(1)
  })
})

describe("a request log entry's text", () => {
  it("is the time's ISO text for any millisecond, whichever second came before", () => {
    const times = [
      Date.UTC(2026, 10, 28, 23, 59, 59, 999),
      Date.UTC(2026, 10, 29, 0, 0, 0, 0),
      Date.UTC(2026, 10, 29, 0, 0, 0, 5),
      Date.UTC(2026, 10, 29, 0, 0, 0, 50),
      Date.UTC(2026, 10, 28, 23, 59, 59, 7),
      Date.UTC(10_000, 0, 1, 0, 0, 1, 1),
      -1,
      0,
      Date.now(),
    ]
    expect(times.map(isoAt)).toEqual(times.map((t) => new Date(t).toISOString()))
  })

  it("is JSON.stringify's of its own fields, in their order, whatever their text holds", () => {
    const fields = ['requestId', 'keyId', 'method', 'route', 'status', 'durationMs', 'at', 'ip']
    const base: RequestLogEntry = { requestId: 'req_1', keyId: 'apid_1', method: 'GET', route: '/v1/x', status: 200, durationMs: 1.5, at: isoAt(Date.now()) }
    const entries = [
      base,
      { ...base, ip: '2001:db8::1' },
      { ...base, route: '/v1/"quoted"\\back\nline/\u2028/é/😀', keyId: 'apid_\u0000' },
      { ...base, body: 'card=4242', headers: { authorization: 'Bearer fxk_secret' } } as RequestLogEntry,
    ]
    for (const e of entries) expect(entryJson(e)).toBe(JSON.stringify(e, fields))
  })
})
