import { createConfig, lintFromString } from '@redocly/openapi-core'
import Ajv2020 from 'ajv/dist/2020'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ERROR_CODES } from '../../contract/error-codes'
import { createApp } from '../../server/app'
import { servedPath } from '../../server/openapi/contract-app'
import { WRONG_CODES_PER_ACCOUNT, WRONG_CODES_WINDOW_SECONDS, wrongCodesBucket } from '../../server/resources/accounts/code-budget'
import { countHits } from '../../server/security/rate-limit'
import { createTestServer, deviceToken, signUp, uniqueEmail, type TestResponse, type TestServer } from './harness'
import { addMember } from './teams'

type Json = Record<string, unknown>
type Operation = { operationId: string; security?: Json[]; parameters?: Json[]; requestBody?: Json; responses: Record<string, Json> }
type Document = { openapi: string; servers: Json[]; paths: Record<string, Record<string, Operation>>; components: Json }
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const

/** Every object schema that names its properties, closed: a field the document does not name fails the check. */
function closed(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closed)
  if (!node || typeof node !== 'object') return node
  const out = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, closed(v)]))
  if (out.type === 'object' && out.properties && !('additionalProperties' in out)) out.additionalProperties = false
  return out
}

/** The documented path template a concrete path falls under; literal paths win over templates. */
function templateOf(doc: Document, path: string): string | undefined {
  const rel = path.replace(/^\/api/, '').split('?')[0]
  const templates = Object.keys(doc.paths)
  return templates.find((t) => t === rel) ?? templates.find((t) => new RegExp(`^${t.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(rel))
}

const SERVICE_TOKEN = 'service-token-for-the-openapi-test'

/** The text of the first mail to `to` in `folder` (the server writes mail there when it has no SMTP_URL). */
async function waitForMail(folder: string, to: string): Promise<string> {
  return vi.waitFor(
    async () => {
      for (const file of await readdir(folder).catch(() => [])) {
        const text = await readFile(join(folder, file), 'utf8')
        if (text.includes(`To: ${to}`)) return text
      }
      throw new Error(`no mail to ${to} yet`)
    },
    { timeout: 5000, interval: 10 },
  )
}

// What each operation answers, and who may call it. Public operations say so with `security: []`.
const BODY = [400, 413, 415]
const MANAGED = [400, 401, 429, 500]
const OPERATIONS: Record<string, { security: Json[]; statuses: number[] }> = {
  'POST /device': { security: [], statuses: [201, ...BODY, 429, 500] },
  'POST /register': { security: [{ deviceToken: [] }], statuses: [200, ...BODY, 401, 409, 429, 500] },
  'POST /auth/authenticate': { security: [{ deviceToken: [] }], statuses: [200, ...BODY, 401, 429, 500] },
  'POST /auth/logout': { security: [{ accessToken: [] }], statuses: [204, ...MANAGED] },
  'POST /manage/dapp': { security: [{ accessToken: [] }], statuses: [201, ...BODY, ...MANAGED, 403, 409] },
  'GET /manage/dapp/owner': { security: [{ accessToken: [] }], statuses: [200, 304, ...MANAGED] },
  'GET /manage/dapp/{id}': { security: [{ accessToken: [] }], statuses: [200, ...MANAGED, 404] },
  'PATCH /manage/dapp/{id}': { security: [{ accessToken: [] }], statuses: [200, ...BODY, ...MANAGED, 403, 404] },
  'DELETE /manage/dapp/{id}': { security: [{ accessToken: [] }], statuses: [204, ...MANAGED, 403, 404] },
  'POST /manage/dapp/{id}/api-key': { security: [{ accessToken: [] }], statuses: [201, ...BODY, ...MANAGED, 403, 404, 409] },
  'DELETE /manage/dapp/{id}/api-key/{keyId}': { security: [{ accessToken: [] }], statuses: [200, ...MANAGED, 403, 404] },
  'PATCH /manage/dapp/{id}/api-key/{keyId}': { security: [{ accessToken: [] }], statuses: [200, ...BODY, ...MANAGED, 403, 404, 409] },
  'POST /manage/dapp/{id}/api-key/{keyId}/roll': { security: [{ accessToken: [] }], statuses: [201, ...BODY, ...MANAGED, 403, 404, 409] },
  'POST /keys/verify': { security: [{ serviceToken: [] }], statuses: [200, ...BODY, 401, 500, 503] },
  'GET /health': { security: [], statuses: [200, 413, 503] },
  'GET /capabilities': { security: [], statuses: [200, 400, 429] },
  'POST /sessions': { security: [{ serviceToken: [] }], statuses: [201, ...BODY, 401, 500, 503] },
  'DELETE /sessions/{externalId}': { security: [{ serviceToken: [] }], statuses: [204, 400, 401, 404, 500, 503] },
  'POST /auth/exchange': { security: [{ deviceToken: [] }], statuses: [200, ...BODY, 401, 429, 500] },
  'GET /manage/dapp/{id}/usage': { security: [{ accessToken: [] }], statuses: [200, ...MANAGED, 404] },
  'GET /manage/dapp/{id}/scopes': { security: [{ accessToken: [] }], statuses: [200, ...MANAGED, 404] },
  'GET /webhooks/event-types': { security: [], statuses: [200, 400] },
  'POST /webhooks/messages': { security: [{ serviceToken: [] }], statuses: [202, ...BODY, 401, 404, 409, 500, 503] },
  'POST /manage/dapp/{id}/webhooks': { security: [{ accessToken: [] }], statuses: [201, ...BODY, ...MANAGED, 403, 404, 409] },
  'GET /manage/dapp/{id}/webhooks': { security: [{ accessToken: [] }], statuses: [200, ...MANAGED, 404] },
  'PATCH /manage/dapp/{id}/webhooks/{endpointId}': { security: [{ accessToken: [] }], statuses: [200, ...BODY, ...MANAGED, 403, 404] },
  'DELETE /manage/dapp/{id}/webhooks/{endpointId}': { security: [{ accessToken: [] }], statuses: [204, ...MANAGED, 403, 404] },
  'POST /manage/dapp/{id}/webhooks/{endpointId}/test': { security: [{ accessToken: [] }], statuses: [202, ...BODY, ...MANAGED, 403, 404, 409] },
  'GET /manage/dapp/{id}/webhooks/{endpointId}/attempts': { security: [{ accessToken: [] }], statuses: [200, ...MANAGED, 404] },
  'POST /manage/dapp/{id}/webhooks/{endpointId}/messages/{messageId}/resend': { security: [{ accessToken: [] }], statuses: [202, ...MANAGED, 403, 404, 409] },
  'POST /manage/dapp/{id}/webhooks/secret/roll': { security: [{ accessToken: [] }], statuses: [201, ...BODY, ...MANAGED, 403, 404] },
  'POST /auth/password/forgot': { security: [{ deviceToken: [] }], statuses: [202, ...BODY, 401, 429, 500, 503] },
  'POST /auth/password/reset': { security: [{ deviceToken: [] }], statuses: [200, ...BODY, 401, 429, 500, 503] },
  'POST /auth/email/verify/send': { security: [{ accessToken: [] }], statuses: [202, ...MANAGED, 409, 503] },
  'POST /auth/email/verify': { security: [{ accessToken: [] }], statuses: [200, ...BODY, ...MANAGED, 409] },
  'GET /me': { security: [{ accessToken: [] }], statuses: [200, ...MANAGED] },
  'PATCH /me': { security: [{ accessToken: [] }], statuses: [200, ...BODY, ...MANAGED] },
  'DELETE /me': { security: [{ accessToken: [] }], statuses: [204, ...BODY, ...MANAGED, 403, 409] },
  'POST /me/password': { security: [{ accessToken: [] }], statuses: [204, ...BODY, ...MANAGED, 403, 409] },
  'POST /auth/logout-all': { security: [{ accessToken: [] }], statuses: [204, ...MANAGED] },
  // Teams (resources/members, resources/audit).
  'POST /manage/dapp/{id}/members': { security: [{ accessToken: [] }], statuses: [201, ...BODY, ...MANAGED, 403, 404, 409, 503] },
  'GET /manage/dapp/{id}/members': { security: [{ accessToken: [] }], statuses: [200, ...MANAGED, 404] },
  'PATCH /manage/dapp/{id}/members/{memberId}': { security: [{ accessToken: [] }], statuses: [200, ...BODY, ...MANAGED, 403, 404] },
  'DELETE /manage/dapp/{id}/members/{memberId}': { security: [{ accessToken: [] }], statuses: [200, ...MANAGED, 403, 404] },
  'GET /manage/dapp/{id}/members/{memberId}/removal': { security: [{ accessToken: [] }], statuses: [200, ...MANAGED, 403, 404] },
  'POST /manage/dapp/{id}/members/{memberId}/resend': { security: [{ accessToken: [] }], statuses: [200, ...MANAGED, 403, 404, 409, 503] },
  'POST /manage/dapp/{id}/owner': { security: [{ accessToken: [] }], statuses: [200, ...BODY, ...MANAGED, 403, 404, 409] },
  'POST /invitations/accept': { security: [{ accessToken: [] }], statuses: [200, ...BODY, ...MANAGED] },
  'GET /invitations': { security: [{ accessToken: [] }], statuses: [200, ...MANAGED] },
  'POST /invitations/{invitationId}/accept': { security: [{ accessToken: [] }], statuses: [200, ...MANAGED, 404] },
  'POST /invitations/{invitationId}/decline': { security: [{ accessToken: [] }], statuses: [204, ...MANAGED, 404] },
  'GET /me/deletion': { security: [{ accessToken: [] }], statuses: [200, ...MANAGED] },
  'GET /manage/dapp/{id}/audit': { security: [{ accessToken: [] }], statuses: [200, ...MANAGED, 403, 404] },
  // Request logs (resources/logs).
  'POST /logs': { security: [{ serviceToken: [] }], statuses: [202, ...BODY, 401, 500, 503] },
  'GET /logs/{requestId}': { security: [{ serviceToken: [] }], statuses: [200, 400, 401, 404, 500, 503] },
  'GET /manage/dapp/{id}/logs': { security: [{ accessToken: [] }], statuses: [200, ...MANAGED, 404] },
  'GET /manage/dapp/{id}/logs/summary': { security: [{ accessToken: [] }], statuses: [200, ...MANAGED, 404] },
}

const PASSWORD_CALLS = [
  'POST /register',
  'POST /auth/authenticate',
  'POST /auth/password/reset',
  'POST /me/password',
  'DELETE /me',
  'POST /manage/dapp/{id}/owner',
  // An account of host sign-in is told it has no password here.
  'POST /auth/email/verify/send',
  'POST /auth/email/verify',
  // An endpoint URL with a user name and password in it is refused.
  'POST /manage/dapp/{id}/webhooks',
  'PATCH /manage/dapp/{id}/webhooks/{endpointId}',
]

// perUser: the walk makes a few hundred calls as one user within a minute.
const RATE_LIMIT = { perEmail: 2, perIp: 1000, devicesPerIp: 5, windowSeconds: 60, perUser: 100_000 }

describe('OpenAPI document', () => {
  let s: TestServer
  let doc: Document
  let mailDir: string
  beforeAll(async () => {
    mailDir = await mkdtemp(join(tmpdir(), 'flex-openapi-mail-'))
    s = await createTestServer({
      config: {
        keyLimit: 2,
        serviceToken: SERVICE_TOKEN,
        rateLimit: RATE_LIMIT,
        mail: { folder: mailDir },
      },
    })
    doc = (await s.request('GET', '/api/openapi.json')).body as unknown as Document
  })
  afterAll(async () => {
    await s.close()
    await rm(mailDir, { recursive: true, force: true })
  })

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, item]) => METHODS.filter((m) => item[m]).map((m) => ({ key: `${m.toUpperCase()} ${path}`, path, op: item[m] })))

  it('is served at /api/openapi.json as OpenAPI 3.1', async () => {
    const res = await s.request('GET', '/api/openapi.json')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(res.body.openapi).toBe('3.1.0')
    expect(res.body.servers).toEqual([{ url: '/api' }])
  })

  it('describes exactly the routes the app registers under /api', () => {
    const registered = new Set(
      s.app.routes
        .map((r) => ({ method: r.method, path: servedPath(r) }))
        .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/') && r.path !== '/api/openapi.json' && !r.path.startsWith('/api/docs'))
        .map((r) => `${r.method} ${r.path.replace(/^\/api/, '').replace(/:(\w+)/g, '{$1}')}`),
    )
    const documented = operations().map((o) => o.key)
    expect([...registered].sort()).toEqual([...documented].sort())
    // The eight calls of the contract, health, sign-out, and the key management and verification calls.
    expect(documented.sort()).toEqual(Object.keys(OPERATIONS).sort())
  })

  it('gives every operation its callers (public ones `security: []`), its answers, a unique id and its path parameters', () => {
    const ids = new Set<string>()
    for (const { key, path, op } of operations()) {
      expect(op.security, key).toEqual(OPERATIONS[key].security)
      // Every call also answers 503 while the server restarts, and refuses a body over the limit (413) or sent with a
      // transfer coding besides chunked (501), whether it reads one or not; the table's are the calls' own.
      expect(Object.keys(op.responses).map(Number).sort(), key).toEqual([...new Set([...OPERATIONS[key].statuses, 413, 501, 503])].sort())
      expect(ids.has(op.operationId), op.operationId).toBe(false)
      ids.add(op.operationId)
      const declared = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name)
      expect(declared.sort(), key).toEqual([...path.matchAll(/\{(\w+)\}/g)].map((x) => x[1]).sort())
    }
  })

  it('documents the request bodies with the limits the server enforces', () => {
    const schemas = doc.components.schemas as Record<string, { properties: Record<string, Json>; required?: string[] }>
    expect(schemas.SignUp.required).toEqual(['name', 'email', 'password'])
    expect(schemas.SignUp.properties.name).toMatchObject({ type: 'string', minLength: 1, maxLength: 120 })
    expect(schemas.NewProject.properties.description).toMatchObject({ maxLength: 2000 })
    expect(schemas.NewProject.required).toEqual(['name'])
    expect(schemas.Roll.properties.graceSeconds).toMatchObject({ type: 'integer', minimum: 0, maximum: 604800 })
    expect(schemas.KeyCreate.properties.expiresAt).toMatchObject({ type: ['string', 'null'], format: 'date-time' })
    expect(schemas.KeyCreate.required).toBeUndefined()
    expect(schemas.KeyCreate.properties.allowedIps).toMatchObject({ type: 'array', maxItems: 20 })
    expect(schemas.KeyChanges.required).toBeUndefined()
    const createKey = doc.paths['/manage/dapp/{id}/api-key'].post.requestBody
    expect(createKey).toMatchObject({ required: false, content: { 'application/json': { schema: { $ref: '#/components/schemas/KeyCreate' } } } })
  })

  it("passes a standard OpenAPI linter's recommended rules (Redocly) with no error and no warning", async () => {
    const config = await createConfig({ extends: ['recommended'] })
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config })
    const found = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)
    expect(found).toEqual([])
  })

  it('documents every status the calls answer, and each body matches its schema', async () => {
    const seen: Array<{ method: string; path: string; res: TestResponse }> = []
    const call = async (method: string, path: string, opts: Parameters<TestServer['request']>[2] = {}) => {
      const res = await s.request(method, path, opts)
      seen.push({ method, path, res })
      return res
    }

    await call('POST', '/api/device', { body: { deviceUDID: 'x' } })
    await call('POST', '/api/device', { raw: '{}', headers: { 'Content-Type': 'text/plain' } })
    await call('POST', '/api/device', { body: { deviceUDID: 'x', deviceType: 'WEB', country: 'x'.repeat(70_000) } })
    const device = await call('POST', '/api/device', { body: { deviceUDID: 'x', deviceType: 'WEB' } })
    const token = device.body.accessToken as string

    const email = uniqueEmail()
    await call('POST', '/api/register', { body: { name: 'A', email, password: 'long enough phrase' } })
    await call('POST', '/api/register', { token, body: { name: 'A', email, password: 'short' } })
    const reg = await call('POST', '/api/register', { token, body: { name: 'A', email, password: 'long enough phrase' } })
    await call('POST', '/api/register', { token, body: { name: 'A', email: uniqueEmail(), password: 'aaaaaaaaaaaa' } })
    await call('POST', '/api/register', { token, body: { name: 'A', email, password: 'long enough phrase' } })
    await call('POST', '/api/register', { token, body: { name: 'A', email, password: 'long enough phrase' } })
    await call('POST', '/api/auth/authenticate', { token, body: { email, password: 'long enough phrase' } })
    await call('POST', '/api/auth/authenticate', { token, body: { email, password: 'wrong-one' } })
    await call('POST', '/api/auth/authenticate', { token, body: { email, password: 'wrong-one' } })
    await call('POST', '/api/auth/authenticate', { token, body: { email: 'bad' } })
    // Refusals each body's schema words, documented because the operation names its schema: a password past its
    // bound, a field that is no text.
    await call('POST', '/api/auth/authenticate', { token, body: { email, password: 'x'.repeat(1025) } })
    const access = reg.body.accessToken as string

    const created = await call('POST', '/api/manage/dapp', { token: access, body: { name: 'Doc project' } })
    await call('POST', '/api/manage/dapp', { token: access, body: { name: '' } })
    await call('POST', '/api/manage/dapp', { token: access, body: { name: 5 } })
    await call('POST', '/api/manage/dapp', { token: access, body: { name: 'a\u0000b' } })
    await call('POST', '/api/manage/dapp', { body: { name: 'x' } })
    const id = created.body.id as string
    const list = await call('GET', '/api/manage/dapp/owner', { token: access })
    await call('GET', '/api/manage/dapp/owner', { token: access, headers: { 'If-None-Match': list.headers.get('etag')! } })
    await call('GET', '/api/manage/dapp/owner')
    await call('GET', `/api/manage/dapp/${id}`, { token: access })
    await call('GET', '/api/manage/dapp/prj_missing', { token: access })
    const key = await call('POST', `/api/manage/dapp/${id}/api-key`, { token: access })
    await call('POST', `/api/manage/dapp/${id}/api-key`, { token: access }) // over the limit of 2
    await call('POST', '/api/manage/dapp/prj_missing/api-key', { token: access })
    await call('DELETE', `/api/manage/dapp/${id}/api-key/${Object.keys(key.body)[0]}`, { token: access })
    await call('DELETE', `/api/manage/dapp/${id}/api-key/apid_missing`, { token: access })
    await call('GET', '/api/health')
    // Key metadata, edits, rolls and verification.
    const named = await call('POST', `/api/manage/dapp/${id}/api-key`, { token: access, body: { name: 'Named', expiresAt: '2999-01-01T00:00:00Z' } })
    await call('POST', `/api/manage/dapp/${id}/api-key`, { token: access, body: { name: '' } })
    const namedId = Object.keys(named.body)[0]
    await call('PATCH', `/api/manage/dapp/${id}/api-key/${namedId}`, { token: access, body: { name: 'Renamed', expiresAt: null } })
    await call('PATCH', `/api/manage/dapp/${id}/api-key/${namedId}`, { token: access, body: { expiresAt: 'tomorrow' } })
    await call('PATCH', `/api/manage/dapp/${id}/api-key/apid_missing`, { token: access, body: { name: 'x' } })
    // Key restrictions: each refusal names its value (this server has no scope catalog).
    await call('POST', `/api/manage/dapp/${id}/api-key`, { token: access, body: { mode: 'production' } })
    await call('POST', `/api/manage/dapp/${id}/api-key`, { token: access, body: { scopes: ['invoices:read'] } })
    await call('POST', `/api/manage/dapp/${id}/api-key`, { token: access, body: { allowedIps: ['10.0.0.0/33'] } })
    await call('PATCH', `/api/manage/dapp/${id}/api-key/${namedId}`, { token: access, body: { allowedIps: Array.from({ length: 21 }, () => '10.0.0.1') } })
    await call('PATCH', `/api/manage/dapp/${id}/api-key/${namedId}`, { token: access, body: { mode: 'test' } })
    await call('PATCH', `/api/manage/dapp/${id}/api-key/${namedId}`, { token: access, body: { allowedIps: ['127.0.0.1'] } })
    await call('GET', `/api/manage/dapp/${id}/scopes`, { token: access })
    await call('GET', `/api/manage/dapp/${id}/usage?mode=staging`, { token: access })
    await call('GET', `/api/manage/dapp/${id}/usage?mode=test`, { token: access })
    const rolled = await call('POST', `/api/manage/dapp/${id}/api-key/${namedId}/roll`, { token: access, body: { graceSeconds: 0 } })
    await call('POST', `/api/manage/dapp/${id}/api-key/${namedId}/roll`, { token: access, body: { graceSeconds: 0 } }) // already expired
    await call('PATCH', `/api/manage/dapp/${id}/api-key/${namedId}`, { token: access, body: { expiresAt: null } }) // expired: 409
    await call('POST', `/api/manage/dapp/${id}/api-key/${namedId}/roll`, { token: access, body: { graceSeconds: -1 } })
    await call('POST', `/api/manage/dapp/${id}/api-key/apid_missing/roll`, { token: access, body: { graceSeconds: 60 } })
    await call('GET', `/api/manage/dapp/${id}`, { token: access })
    const service = { Authorization: `Bearer ${SERVICE_TOKEN}` }
    await call('POST', '/api/keys/verify', { headers: service, body: { key: Object.values(rolled.body)[0] } })
    await call('POST', '/api/keys/verify', { headers: service, body: { key: Object.values(named.body)[0] } })
    await call('POST', '/api/keys/verify', { headers: service, body: { key: 'fxk_unknown' } })
    await call('POST', '/api/keys/verify', { headers: service, body: { key: 42 } })
    await call('POST', '/api/keys/verify', { headers: service, body: { key: 'fxk_unknown', ip: 'localhost' } })
    await call('POST', '/api/keys/verify', { headers: service, body: { key: 'fxk_unknown', scopes: 'invoices:read' } })
    await call('POST', '/api/keys/verify', { headers: service, body: { key: Object.values(named.body)[0], ip: '127.0.0.1', scopes: ['invoices:read'] } })
    await call('POST', '/api/keys/verify', { headers: { Authorization: 'Bearer wrong-token-wrong-token' }, body: { key: 'fxk_unknown' } })
    const unconfigured = await createApp({ db: s.db, log: () => undefined }).request('/api/keys/verify', {
      method: 'POST',
      headers: { ...service, 'Content-Type': 'application/json' },
      body: '{"key":"x"}',
    })
    const unconfiguredText = await unconfigured.text()
    seen.push({
      method: 'POST',
      path: '/api/keys/verify',
      res: { status: unconfigured.status, headers: unconfigured.headers, body: JSON.parse(unconfiguredText), text: unconfiguredText },
    })
    // Host sign-in: a code for the provider's user, exchanged once, then refused.
    const hostCode = await call('POST', '/api/sessions', { headers: service, body: { externalId: 'doc-user', name: 'Doc User' } })
    await call('POST', '/api/sessions', { headers: service, body: { externalId: '' } })
    await call('POST', '/api/sessions', { body: { externalId: 'doc-user' } })
    const unconfiguredSessions = await createApp({ db: s.db, log: () => undefined }).request('/api/sessions', {
      method: 'POST',
      headers: { ...service, 'Content-Type': 'application/json' },
      body: '{"externalId":"x"}',
    })
    const unconfiguredSessionsText = await unconfiguredSessions.text()
    seen.push({
      method: 'POST',
      path: '/api/sessions',
      res: {
        status: unconfiguredSessions.status,
        headers: unconfiguredSessions.headers,
        body: JSON.parse(unconfiguredSessionsText),
        text: unconfiguredSessionsText,
      },
    })
    const hostAccess = (await call('POST', '/api/auth/exchange', { token, body: { code: hostCode.body.code } })).body.accessToken as string
    await call('POST', '/api/auth/exchange', { token, body: { code: hostCode.body.code } })
    await call('POST', '/api/auth/exchange', { token, body: {} })
    // Webhooks: the catalog, an endpoint's life, the provider's call.
    await call('GET', '/api/webhooks/event-types')
    const hooks = `/api/manage/dapp/${id}/webhooks`
    const endpoint = await call('POST', hooks, { token: access, body: { url: 'https://93.184.216.34/hook', eventTypes: ['webhook.test'] } })
    await call('POST', hooks, { token: access, body: { url: 'http://127.0.0.1/hook' } })
    await call('GET', hooks, { token: access })
    await call('GET', '/api/manage/dapp/prj_missing/webhooks', { token: access })
    const endpointPath = `${hooks}/${endpoint.body.id}`
    await call('PATCH', endpointPath, { token: access, body: { description: 'Docs' } })
    await call('PATCH', `${hooks}/whe_missing`, { token: access, body: { description: 'Docs' } })
    const test = await call('POST', `${endpointPath}/test`, { token: access })
    await call('GET', `${endpointPath}/attempts?limit=5`, { token: access })
    await call('GET', `${endpointPath}/attempts?limit=500`, { token: access })
    await call('POST', `${endpointPath}/messages/${test.body.id}/resend`, { token: access })
    await call('POST', `${endpointPath}/messages/msg_missing/resend`, { token: access })
    await call('POST', `${hooks}/secret/roll`, { token: access, body: { graceSeconds: 60 } })
    await call('POST', `${hooks}/secret/roll`, { token: access, body: { graceSeconds: 'soon' } })
    await call('POST', '/api/webhooks/messages', { headers: service, body: { projectId: id, eventType: 'webhook.test', payload: { ok: true } } })
    await call('POST', '/api/webhooks/messages', { headers: service, body: { projectId: 'prj_missing', eventType: 'webhook.test', payload: {} } })
    await call('POST', '/api/webhooks/messages', { body: { projectId: id, eventType: 'webhook.test', payload: {} } })
    // Request logs: the provider's batch and lookup, a member's page and summary.
    const logged = {
      requestId: 'req_walk',
      keyId: Object.keys(rolled.body)[0],
      method: 'GET',
      route: '/v1/walk',
      status: 200,
      durationMs: 3,
      at: new Date().toISOString(),
    }
    await call('POST', '/api/logs', { headers: service, body: { entries: [logged] } })
    await call('POST', '/api/logs', { headers: service, body: { entries: [{ ...logged, status: 42 }] } })
    await call('POST', '/api/logs', { headers: service, body: { entries: Array.from({ length: 1001 }, () => logged) } })
    await call('POST', '/api/logs', { body: { entries: [logged] } })
    await call('GET', '/api/logs/req_walk', { headers: service })
    await call('GET', '/api/logs/req_missing', { headers: service })
    const page = await call('GET', `/api/manage/dapp/${id}/logs?limit=1&status=2xx`, { token: access })
    expect(page.body.entries).toHaveLength(1)
    await call('GET', `/api/manage/dapp/${id}/logs?before=nonsense`, { token: access })
    await call('GET', `/api/manage/dapp/${id}/logs?status=9xx`, { token: access })
    await call('GET', `/api/manage/dapp/${id}/logs?mode=test`, { token: access })
    await call('GET', `/api/manage/dapp/${id}/logs?mode=staging`, { token: access })
    await call('GET', `/api/manage/dapp/${id}/logs?method=P0ST`, { token: access })
    await call('GET', `/api/manage/dapp/${id}/logs?slowerThanMs=slow`, { token: access })
    await call('GET', `/api/manage/dapp/${id}/logs/summary?mode=staging`, { token: access })
    await call('GET', '/api/manage/dapp/prj_missing/logs', { token: access })
    await call('GET', `/api/manage/dapp/${id}/logs/summary?days=1`, { token: access })
    await call('GET', `/api/manage/dapp/${id}/logs/summary?days=365`, { token: access })
    await call('PATCH', endpointPath, { token: access, body: { disabled: true } })
    await call('POST', `${endpointPath}/test`, { token: access })
    await call('DELETE', endpointPath, { token: access })
    await call('DELETE', endpointPath, { token: access })
    // A second user signs in successfully, for the 200 of authenticate.
    const other = await signUp(s)
    await call('POST', '/api/auth/authenticate', { token: await deviceToken(s), body: { email: other.email, password: other.password } })
    // A member's removal: its preview, a refused `keep`, the owner who cannot go, then the removal.
    const leaverId = await addMember(s, id, other, 'developer')
    await call('GET', `/api/manage/dapp/${id}/members/${leaverId}/removal`, { token: access })
    const [{ owner_id: ownerId }] = await s.db.query<{ owner_id: string }>('SELECT owner_id FROM projects WHERE id = $1', [id])
    await call('GET', `/api/manage/dapp/${id}/members/${ownerId}/removal`, { token: access })
    await call('DELETE', `/api/manage/dapp/${id}/members/${leaverId}?keep=apid_missing`, { token: access })
    await call('DELETE', `/api/manage/dapp/${id}/members/${leaverId}`, { token: access })
    // A transfer refused (a member who is none, a wrong password), then past the owner's password checks of the window.
    const heirId = await addMember(s, id, other, 'developer')
    await call('POST', `/api/manage/dapp/${id}/owner`, { token: access, body: { memberId: 'mem_missing', password: 'long enough phrase' } })
    await call('POST', `/api/manage/dapp/${id}/owner`, { token: access, body: { memberId: heirId, password: 'not the one' } })
    await countHits(s.db, `password-check|user|${ownerId}`, 2, 60)
    await call('POST', `/api/manage/dapp/${id}/owner`, { token: access, body: { memberId: heirId, password: 'long enough phrase' } })
    expect(seen.at(-1)?.res.status).toBe(429)
    // Invitations from the invited side: a code that is none, ids that are none, then past the codes tried in the window.
    await call('POST', '/api/invitations/accept', { token: other.accessToken, body: { code: 'fxi_not-a-code' } })
    await call('GET', '/api/invitations', { token: other.accessToken })
    await call('POST', '/api/invitations/mem_missing/accept', { token: other.accessToken })
    await call('POST', '/api/invitations/mem_missing/decline', { token: other.accessToken })
    await countHits(s.db, `invitation-accept|${other.user.id}`, 20, 60)
    await call('POST', '/api/invitations/accept', { token: other.accessToken, body: { code: 'fxi_not-a-code' } })
    expect(seen.at(-1)?.res.status).toBe(429)
    // The sixth counted device call from this client (the limit is checked before the body, so the 400 and 415 count; the 413 is refused earlier), over its limit of 5.
    await call('POST', '/api/device', { body: { deviceUDID: 'x', deviceType: 'WEB' } })
    expect(seen.at(-1)?.res.status).toBe(429)
    // The account calls (mail goes to a folder here), on accounts registered with the device token at hand.
    const register = async () => {
      const address = uniqueEmail('acct')
      const res = await call('POST', '/api/register', { token, body: { name: 'Acct', email: address, password: 'long enough phrase' } })
      return { email: address, access: res.body.accessToken as string }
    }
    const acct = await register()
    await call('POST', '/api/auth/password/forgot', { token, body: { email: acct.email } })
    await call('POST', '/api/auth/password/forgot', { token, body: { email: 'not an address' } })
    await call('POST', '/api/auth/password/reset', { token, body: { email: acct.email, code: '0000000000', password: 'another long phrase' } })
    // Past an account's day of wrong codes (spent here as 500 addresses would): its 429 is documented.
    const spent = uniqueEmail('spent')
    await countHits(s.db, wrongCodesBucket('reset', spent), WRONG_CODES_PER_ACCOUNT, WRONG_CODES_WINDOW_SECONDS)
    await call('POST', '/api/auth/password/reset', { token, body: { email: spent, code: '0000000000', password: 'another long phrase' } })
    expect(seen.at(-1)?.res.status).toBe(429)
    await call('GET', '/api/me', { token: acct.access })
    await call('PATCH', '/api/me', { token: acct.access, body: { name: 'Renamed' } })
    await call('PATCH', '/api/me', { token: acct.access, body: {} })
    await call('POST', '/api/auth/email/verify/send', { token: acct.access })
    await call('POST', '/api/auth/email/verify', { token: acct.access, body: { code: '12' } })
    // Past the account's limit of codes asked for a window (perEmail: 2 here): its 429 is documented.
    await call('POST', '/api/auth/email/verify/send', { token: acct.access })
    await call('POST', '/api/auth/email/verify/send', { token: acct.access })
    expect(seen.at(-1)?.res.status).toBe(429)
    await call('POST', '/api/me/password', { token: acct.access, body: { currentPassword: 'not the one', newPassword: 'another long phrase' } })
    await call('POST', '/api/me/password', { token: acct.access, body: { currentPassword: 'long enough phrase', newPassword: 'another long phrase' } })
    await call('DELETE', '/api/me', { token: acct.access, body: { password: 'not the one' } })
    // Past the account's limit of wrong passwords a window (perEmail: 2 here), asked again to change it or delete it.
    await call('DELETE', '/api/me', { token: acct.access, body: { password: 'not the one' } })
    await call('POST', '/api/me/password', { token: acct.access, body: { currentPassword: 'not the one', newPassword: 'yet another phrase' } })
    expect(seen.slice(-2).map((x) => x.res.status)).toEqual([429, 429])
    await call('DELETE', '/api/me', { token: hostAccess, body: { password: 'none' } })
    await call('POST', '/api/auth/email/verify/send', { token: hostAccess })
    await call('POST', '/api/auth/email/verify', { token: hostAccess, body: { code: '0000000000' } })
    // Its provider deletes an account of host sign-in; sent again, or without the service token, it is refused.
    await call('POST', '/api/sessions', { headers: service, body: { externalId: 'doc-leaver' } })
    await call('DELETE', '/api/sessions/doc-leaver', { headers: service })
    await call('DELETE', '/api/sessions/doc-leaver', { headers: service })
    await call('DELETE', '/api/sessions/doc-user')
    await call('POST', '/api/auth/logout-all', { token: acct.access })
    const doomed = await register()
    await call('DELETE', '/api/me', { token: doomed.access, body: { password: 'long enough phrase' } })
    const mailOff = await createApp({ db: s.db, log: () => undefined }).request('/api/auth/password/forgot', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: acct.email }),
    })
    const mailOffText = await mailOff.text()
    seen.push({
      method: 'POST',
      path: '/api/auth/password/forgot',
      res: { status: mailOff.status, headers: mailOff.headers, body: JSON.parse(mailOffText), text: mailOffText },
    })
    // Verified with the code from the mail folder, then a 409 for asking again.
    const verifier = await register()
    const mail = await waitForMail(mailDir, verifier.email)
    await call('POST', '/api/auth/email/verify', { token: verifier.access, body: { code: /^\s+(\d+)\s*$/m.exec(mail)![1] } })
    await call('POST', '/api/auth/email/verify/send', { token: verifier.access })
    // Names that show nothing or break a line, and addresses that name no mailbox: each field's own 400.
    await call('POST', '/api/register', { token, body: { name: '\u3164', email: uniqueEmail(), password: 'long enough phrase' } })
    await call('POST', '/api/register', { token, body: { name: 'Ada', email: 'a@[127.0.0.1]', password: 'long enough phrase' } })
    await call('POST', '/api/auth/password/forgot', { token, body: { email: 'a\u2800@example.com' } })
    await call('PATCH', '/api/me', { token: verifier.access, body: { name: 'Bob\r\nBcc: x' } })
    await call('POST', '/api/sessions', { headers: service, body: { externalId: 'doc-user', name: '\u200b' } })
    await call('POST', '/api/manage/dapp', { token: access, body: { name: 'Doc\tproject' } })
    await call('PATCH', `/api/manage/dapp/${id}`, { token: access, body: { name: '\u2800' } })
    await call('POST', `/api/manage/dapp/${id}/api-key`, { token: access, body: { name: '\u115f' } })
    await call('PATCH', `/api/manage/dapp/${id}/api-key/${namedId}`, { token: access, body: { name: 'a\nb' } })
    await call('POST', hooks, { token: access, body: { url: 'https://93.184.216.34/hook', description: 'a\r\nb' } })
    await call('POST', `/api/manage/dapp/${id}/members`, { token: access, body: { email: 'a@[127.0.0.1]', role: 'viewer' } })
    expect(seen.slice(-11).map((x) => x.res.status)).toEqual(Array(11).fill(400))
    // REQUIRE_VERIFIED_EMAIL: the same data served with the setting on holds each call its guard names while the
    // account's address is unverified (it is verified below), with the 403 each operation documents.
    // An endpoint that is still there, to re-point (the walk's own was deleted above; an edit of one that is gone is a 404).
    const kept = await s.request('POST', hooks, { token: access, body: { url: 'https://93.184.216.34/kept' } })
    const gated = await createTestServer({ storage: s.storage, config: { serviceToken: SERVICE_TOKEN, rateLimit: RATE_LIMIT, requireVerifiedEmail: true } })
    try {
      for (const [path, body] of [
        ['/api/manage/dapp', { name: 'Held' }],
        [`/api/manage/dapp/${id}/api-key`, {}],
        [`/api/manage/dapp/${id}/api-key/${Object.keys(rolled.body)[0]}/roll`, { graceSeconds: 0 }],
        [hooks, { url: 'https://93.184.216.34/hook' }],
        [`${hooks}/secret/roll`, { graceSeconds: 0 }],
        [`${endpointPath}/test`, {}],
        [`${endpointPath}/messages/${test.body.id}/resend`, undefined],
      ] as const) {
        seen.push({ method: 'POST', path, res: await gated.request('POST', path, { token: access, body }) })
      }
      const keptPath = `${hooks}/${kept.body.id}`
      seen.push({
        method: 'PATCH',
        path: keptPath,
        res: await gated.request('PATCH', keptPath, { token: access, body: { url: 'https://93.184.216.34/moved' } }),
      })
    } finally {
      await gated.close()
    }
    expect(seen.slice(-8).map((x) => [x.res.status, x.res.body.code])).toEqual(Array(8).fill([403, 'VERIFY_EMAIL_FIRST']))
    // Invitations: an unverified inviter's 403; verified, one address invited and revoked until its budget of the day answers 429.
    const members = `/api/manage/dapp/${id}/members`
    const invited = uniqueEmail('invited')
    await call('POST', members, { token: access, body: { email: invited, role: 'viewer' } })
    await call('POST', members, { token: access, body: { email: 5, role: 'viewer' } })
    await s.db.query('UPDATE users SET email_verified_at = now() WHERE email = $1', [email])
    for (let i = 0; i < 3; i++) {
      const sent = await call('POST', members, { token: access, body: { email: invited, role: 'viewer' } })
      await call('DELETE', `${members}/${sent.body.id}`, { token: access })
    }
    await call('POST', members, { token: access, body: { email: invited, role: 'viewer' } })
    expect(seen.at(-1)?.res.status).toBe(429)
    // The three mails are written after their answers: the folder is removed only once they are in.
    await vi.waitFor(
      async () => {
        const texts = await Promise.all((await readdir(mailDir)).map((file) => readFile(join(mailDir, file), 'utf8')))
        expect(texts.filter((text) => text.includes(`To: ${invited}`))).toHaveLength(3)
      },
      { timeout: 5000, interval: 10 },
    )
    // A path segment that cannot be stored, then a sign-out and a call with the revoked token.
    await call('GET', '/api/manage/dapp/%00', { token: access })
    await call('POST', '/api/auth/logout', { token: access })
    await call('POST', '/api/auth/logout', { token: access })
    // Every call but the health check refuses an address it cannot read or store before anything else, in a
    // query or a path parameter: each operation's 400 must document both codes (its own 400 too).
    for (const { key, path } of operations().filter((o) => o.path !== '/health')) {
      const method = key.split(' ')[0]
      for (const query of ['?x=%zz', '?before=%00', '?keep=%E0%A4%A']) await call(method, `/api${path.replace(/\{\w+\}/g, 'x')}${query}`)
      if (path.includes('{')) await call(method, `/api${path.replace(/\{\w+\}/, '%zz').replace(/\{\w+\}/g, 'x')}`)
    }

    // A compressed body is refused by name (415), before anything reads it.
    await call('POST', '/api/keys/verify', { raw: JSON.stringify({ key: 'fxk_x' }), headers: { ...service, 'Content-Encoding': 'gzip' } })
    // A body over the limit on calls that read none, and a transfer coding besides chunked: refused ahead of every route.
    await call('POST', '/api/auth/logout', { raw: 'x'.repeat(70_000) })
    await call('DELETE', '/api/sessions/doc-user', { headers: service, raw: 'x'.repeat(70_000) })
    await call('POST', '/api/device', { raw: '{}', headers: { 'Transfer-Encoding': 'gzip, chunked' } })
    expect(seen.slice(-3).map((x) => x.res.status)).toEqual([413, 413, 501])

    // Made-up device tokens from one address, past its budget of unknown tokens: every call behind a device token
    // is then refused from memory (429) before its token is looked up, whatever the call.
    const madeUp = (i: number) => `fxd_made-up-${i}`
    for (let i = 0; i < 40 && seen.at(-1)?.res.status !== 429; i++) {
      await call('POST', '/api/auth/authenticate', { token: madeUp(i), body: { email, password: 'long enough phrase' } })
    }
    expect(seen.at(-1)?.res.status).toBe(429)
    await Promise.all([
      call('POST', '/api/register', { token: madeUp(100), body: { name: 'A', email: uniqueEmail(), password: 'long enough phrase' } }),
      call('POST', '/api/auth/authenticate', { token: madeUp(101), body: { email, password: 'long enough phrase' } }),
      call('POST', '/api/auth/exchange', { token: madeUp(102), body: { code: 'fxc_made-up' } }),
      call('POST', '/api/auth/password/forgot', { token: madeUp(103), body: { email } }),
      call('POST', '/api/auth/password/reset', { token: madeUp(104), body: { email, code: '0000000000', password: 'another long phrase' } }),
    ])
    expect(seen.slice(-5).map((x) => x.res.status)).toEqual(Array(5).fill(429))

    const statuses = new Set(seen.map((x) => x.res.status))
    expect([...statuses].sort()).toEqual([200, 201, 202, 204, 304, 400, 401, 403, 404, 409, 413, 415, 429, 501, 503])

    // The served document validates the real answers (JSON Schema 2020-12, as OpenAPI 3.1 uses it).
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true })
    ajv.addSchema(closed(doc) as Json, 'openapi.json')
    const deref = (node: Json): Json => {
      const ref = node.$ref as string | undefined
      if (!ref) return node
      const name = ref.split('/').pop()!
      return (doc.components.responses as Record<string, Json>)[name]
    }
    const undocumented: string[] = []
    for (const { method, path, res } of seen) {
      const template = templateOf(doc, path)
      expect(template, path).toBeDefined()
      const op = doc.paths[template!][method.toLowerCase()]
      const documented = op.responses[String(res.status)]
      expect(documented, `${method} ${template} ${res.status} is not documented`).toBeDefined()
      const response = deref(documented)
      if (!response.content) {
        expect(res.text, `${method} ${path} ${res.status} has no body`).toBe('')
        continue
      }
      const pointer =
        response === documented
          ? `#/paths/${template!.replace(/~/g, '~0').replace(/\//g, '~1')}/${method.toLowerCase()}/responses/${res.status}`
          : (documented.$ref as string)
      const validate = ajv.getSchema(`openapi.json${pointer}/content/application~1json/schema`)!
      expect(validate(res.body) ? [] : validate.errors, `${method} ${path} ${res.status}: ${res.text.slice(0, 200)}`).toEqual([])
      for (const [header, spec] of Object.entries((response.headers ?? {}) as Record<string, Json>)) {
        if (spec.required) expect(res.headers.get(header), `${method} ${path} ${res.status} ${header}`).not.toBeNull()
      }
      // An error carries a code of the enumeration, and its { message, code } is one the operation documents (numbers aside: a limit or a wait).
      const examples = (response.content as Record<string, { examples?: Record<string, { value: { message: string; code: string } }> }>)['application/json']
        .examples
      if (res.status >= 400) expect(ERROR_CODES, `${method} ${path} ${res.status}: ${res.text.slice(0, 200)}`).toContain(res.body.code)
      if (res.status >= 400 && res.status !== 503) {
        const documentedPairs = Object.values(examples ?? {}).map((e) => `${e.value.code} ${figures(e.value.message)}`)
        const pair = `${res.body.code as string} ${figures(res.body.message as string)}`
        if (!documentedPairs.includes(pair)) undocumented.push(`${method} ${template} ${res.status}: ${pair}`)
      }
    }
    expect(undocumented).toEqual([])
  })

  it('shows a code of the enumeration in every documented error, and the enumeration in the Error schema', () => {
    const schema = (doc.components.schemas as Record<string, Json & { properties: Record<string, Json>; required?: string[] }>).Error
    expect(schema.properties.code.enum).toEqual([...ERROR_CODES])
    // Required of this server's answers (above), optional for a client: a server of the specification alone sends none.
    expect(schema.required).toEqual(['message'])
    const shown: string[] = []
    for (const { key, op } of operations())
      for (const [status, answer] of Object.entries(op.responses as Record<string, Json>)) {
        const content = answer.content as Record<string, { examples?: Record<string, { value: { message: string; code?: string } }> }> | undefined
        for (const example of Object.values(content?.['application/json']?.examples ?? {})) {
          if (Number(status) < 400) continue
          expect(ERROR_CODES, `${key} ${status}: ${example.value.message}`).toContain(example.value.code)
          shown.push(example.value.code!)
        }
      }
    expect(shown.length).toBeGreaterThan(100)
  })

  it("answers each operation's errors in its own words: GET /health refuses no request, verify's 400 is about its key", () => {
    const messages = (key: string, status: number) => {
      const [method, path] = key.split(' ')
      let response = doc.paths[path][method.toLowerCase()].responses[String(status)]
      if (response.$ref) response = (doc.components.responses as Record<string, Json>)[String(response.$ref).split('/').pop()!]
      const examples = (response.content as Record<string, { examples?: Record<string, { value: { message: string } }> }>)['application/json'].examples
      return [response.description as string, ...Object.values(examples ?? {}).map((e) => e.value.message)].join(' ')
    }
    expect(doc.paths['/health'].get.responses['400']).toBeUndefined()
    expect(messages('POST /keys/verify', 400)).toMatch(/key/i)
    for (const { key, op } of operations())
      for (const status of Object.keys(op.responses).filter((s) => s.startsWith('4'))) {
        const text = messages(key, Number(status))
        // Only the calls that take a password speak of one (or of having none, or of one in a URL).
        if (!PASSWORD_CALLS.includes(key)) expect(text, `${key} ${status}`).not.toMatch(/password/i)
        expect(text, `${key} ${status}`).not.toMatch(/\((verify|sessions|authenticate|exchange|edit, roll)\)/)
      }
  })

  it('documents on every operation the 503 a restarting server answers, with its code and Retry-After, beside its own 503', () => {
    const responses = doc.components.responses as Record<string, Json>
    for (const { key, op } of operations()) {
      const documented = op.responses['503'] as Json | undefined
      expect(documented, key).toBeDefined()
      const answer = documented!.$ref ? responses[String(documented!.$ref).split('/').pop()!] : documented!
      const examples = (answer.content as Record<string, { examples?: Record<string, { value: { code: string } }> }>)['application/json'].examples
      expect(
        Object.values(examples ?? {}).map((e) => e.value.code),
        key,
      ).toContain('SERVER_RESTARTING')
      expect((answer.headers as Record<string, Json> | undefined)?.['Retry-After'], key).toBeDefined()
    }
    // A call whose 503 is its own (SERVICE_TOKEN not set) says both.
    expect(doc.paths['/keys/verify'].post.responses['503'].description).toMatch(/SERVICE_TOKEN.*restarting/s)
  })

  it('names the two answers of verify, each with a title, a description and a real example', () => {
    const schemas = doc.components.schemas as Record<string, Json & { examples?: Json[] }>
    const oneOf = schemas.Verification.oneOf as Json[]
    expect(oneOf.map((s) => s.$ref)).toEqual(['#/components/schemas/KeyValid', '#/components/schemas/KeyRefused'])
    for (const name of ['KeyValid', 'KeyRefused']) {
      expect(schemas[name].title).toBe(name)
      expect(schemas[name].description).toEqual(expect.any(String))
      expect(schemas[name].examples?.length).toBeGreaterThan(0)
    }
    expect(schemas.KeyValid.examples![0]).toMatchObject({ valid: true, keyId: expect.stringMatching(/^apid_/), projectId: expect.stringMatching(/^prj_/) })
    expect(schemas.KeyRefused.examples![0]).toMatchObject({ valid: false, code: expect.stringMatching(/^(NOT_FOUND|EXPIRED)$/) })
  })

  it("carries curl and Node samples on the provider's calls", () => {
    for (const [path, method] of [
      ['/keys/verify', 'post'],
      ['/sessions', 'post'],
      ['/sessions/{externalId}', 'delete'],
    ] as const) {
      const samples = (doc.paths[path][method] as Operation & { 'x-codeSamples'?: { label: string; source: string }[] })['x-codeSamples'] ?? []
      expect(samples.map((s) => s.label)).toEqual(['curl', 'Node'])
      expect(samples[0].source).toContain(`curl -X ${method.toUpperCase()} https://portal.example.com/api${path.replace('{externalId}', 'user-42')}`)
      expect(samples[0].source).toContain('Authorization: Bearer $SERVICE_TOKEN')
      expect(samples[1].source).toContain('process.env.SERVICE_TOKEN')
    }
  })
})

/** A message with its figures (a limit, a wait) left out. */
const figures = (message: string) => message.replace(/\d+ (second|minute)s?\b/g, '# units').replace(/\d+/g, '#')
