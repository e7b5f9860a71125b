/**
 * `flex-portal/verify` with key restrictions, against a running server: a
 * Hono app and an Express app behind the middleware, each route asking the
 * scopes it needs, the client's address from the socket or, behind a proxy
 * the provider names, from X-Forwarded-For.
 */
import { serve } from '@hono/node-server'
import express from 'express'
import { Hono } from 'hono'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createVerifier, expressApiKey, honoApiKey, type ApiKeyVariables, type Verifier } from '../../verify/index'
import { createTestServer, newProject, signUp, type TestServer } from './harness'
import { CATALOG } from './scope-catalog'

const SERVICE_TOKEN = 'a-long-random-service-token-for-the-middleware'
const listening = (server: Server) =>
  new Promise<string>((resolve) =>
    server.once('listening', () => {
      const { address, family, port } = server.address() as AddressInfo
      resolve(`http://${family === 'IPv6' ? `[${address}]` : address}:${port}`)
    }),
  )

let s: TestServer
let portal: Server
let verifier: Verifier
const keys = {} as Record<'readOnlyLocal' | 'readOnlyElsewhere' | 'proxied', string>
const servers: Server[] = []

beforeAll(async () => {
  s = await createTestServer({ config: { serviceToken: SERVICE_TOKEN, keyScopes: CATALOG } })
  const owner = await signUp(s)
  const p = await newProject(s, owner.accessToken)
  const make = async (body: unknown) => {
    const res = await s.request('POST', `/api/manage/dapp/${p.id}/api-key`, { token: owner.accessToken, body })
    expect(res.status, res.text).toBe(201)
    return Object.values(res.body as Record<string, string>)[0]
  }
  keys.readOnlyLocal = await make({ mode: 'test', scopes: ['invoices:read'], allowedIps: ['127.0.0.1'] })
  keys.readOnlyElsewhere = await make({ mode: 'test', scopes: ['invoices:read'], allowedIps: ['203.0.113.0/24'] })
  keys.proxied = keys.readOnlyElsewhere
  portal = serve({ fetch: s.app.fetch, hostname: '127.0.0.1', port: 0 }) as Server
  verifier = createVerifier({ url: `${await listening(portal)}/api/keys/verify`, serviceToken: SERVICE_TOKEN, cacheSeconds: 0 })
})
afterAll(async () => {
  for (const server of [...servers, portal]) await new Promise((resolve) => server?.close(resolve))
  await s?.close()
})

/** The same two routes in each framework: a read and a write, each asking its scope. */
async function honoApp(trustedProxies?: string[], host = '127.0.0.1'): Promise<string> {
  const app = new Hono<{ Variables: ApiKeyVariables }>()
  app.get('/v1/invoices', honoApiKey(verifier, { scopes: ['invoices:read'], trustedProxies }), (c) => c.json(c.get('apiKey')))
  app.post('/v1/invoices', honoApiKey(verifier, { scopes: ['invoices:write'], trustedProxies }), (c) => c.json({ made: true }))
  const server = serve({ fetch: app.fetch, hostname: host, port: 0 }) as Server
  servers.push(server)
  return listening(server)
}
async function expressApp(trustedProxies?: string[], host = '127.0.0.1'): Promise<string> {
  const app = express()
  app.get('/v1/invoices', expressApiKey(verifier, { scopes: ['invoices:read'], trustedProxies }), (req, res) => {
    res.json(req.apiKey)
  })
  app.post('/v1/invoices', expressApiKey(verifier, { scopes: ['invoices:write'], trustedProxies }), (_req, res) => {
    res.json({ made: true })
  })
  const server = app.listen(0, host)
  servers.push(server)
  return listening(server)
}

const call = async (base: string, method: string, key: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${base}/v1/invoices`, { method, headers: { Authorization: `Bearer ${key}`, ...headers } })
  return { status: res.status, body: await res.json() }
}

describe.each([
  ['Hono', honoApp],
  ['Express', expressApp],
])('%s behind the middleware', (_name, start) => {
  it('accepts a read and refuses a write with a read-only test key allowed from 127.0.0.1, with mode and scopes on the request', async () => {
    const base = await start()
    const read = await call(base, 'GET', keys.readOnlyLocal)
    expect(read.status).toBe(200)
    expect(read.body).toMatchObject({ mode: 'test', scopes: ['invoices:read'] })
    const write = await call(base, 'POST', keys.readOnlyLocal)
    expect([write.status, write.body.code, write.body.missingScopes]).toEqual([403, 'INSUFFICIENT_SCOPE', ['invoices:write']])
  })

  it('refuses a key used from outside its allowlist, and believes X-Forwarded-For only from a proxy it was told of', async () => {
    const direct = await start()
    const spoofed = await call(direct, 'GET', keys.readOnlyElsewhere, { 'X-Forwarded-For': '203.0.113.9' })
    expect([spoofed.status, spoofed.body.code]).toEqual([403, 'IP_NOT_ALLOWED'])
    const behindProxy = await start(['127.0.0.1'])
    expect((await call(behindProxy, 'GET', keys.proxied, { 'X-Forwarded-For': '203.0.113.9' })).status).toBe(200)
    expect((await call(behindProxy, 'GET', keys.proxied, { 'X-Forwarded-For': '203.0.113.9, 198.51.100.1' })).body.code).toBe('IP_NOT_ALLOWED')
  })

  // The socket's peer reads `::1` or `127.0.0.1`; a provider may write its proxy otherwise, as the same address.
  it('believes X-Forwarded-For from a proxy it was told of in any spelling of its address', async () => {
    for (const [host, proxy] of [
      ['::1', '0:0:0:0:0:0:0:1'],
      ['::1', '::0001'],
      ['127.0.0.1', '::FFFF:7F00:1'],
    ]) {
      const behindProxy = await start([proxy], host)
      expect((await call(behindProxy, 'GET', keys.proxied, { 'X-Forwarded-For': '203.0.113.9' })).status, `${proxy} at ${host}`).toBe(200)
    }
  })
})
