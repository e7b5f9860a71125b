import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app'
import { openApiDocument } from '../../server/openapi'
import { createTestServer, deviceToken, signUp, uniqueEmail, type TestResponse, type TestServer } from './harness'

type Json = Record<string, unknown>
const doc = openApiDocument as unknown as { paths: Record<string, Record<string, Json>>; components: Json }
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const

/** Follows a local "#/a/b" reference. */
function lookup(ref: string): Json {
  expect(ref.startsWith('#/'), ref).toBe(true)
  let node: unknown = openApiDocument
  for (const part of ref.slice(2).split('/')) node = (node as Json | undefined)?.[part]
  if (!node || typeof node !== 'object') throw new Error(`unresolved $ref ${ref}`)
  return node as Json
}

const deref = (node: Json): Json => {
  let n = node
  while (typeof n.$ref === 'string') {
    const { $ref, ...rest } = n
    n = { ...lookup($ref as string), ...rest }
  }
  return n
}

/**
 * The JSON Schema subset the document uses, strictly: an object may not carry
 * a property its schema does not name, so an undocumented field fails too.
 */
function check(schema: Json, value: unknown, at = '$'): string[] {
  let s = deref(schema)
  if (Array.isArray(s.oneOf)) {
    const fits = (s.oneOf as Json[]).filter((branch) => check(branch, value, at).length === 0).length
    return fits === 1 ? [] : [`${at}: matches ${fits} of the oneOf schemas, not exactly 1`]
  }
  if (Array.isArray(s.type)) {
    if (value === null && s.type.includes('null')) return []
    s = { ...s, type: s.type.find((t) => t !== 'null') }
  }
  const errors: string[] = []
  if ('const' in s && value !== s.const) errors.push(`${at}: expected ${JSON.stringify(s.const)}`)
  switch (s.type) {
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return [`${at}: expected an object`]
      const v = value as Json
      const props = (s.properties ?? {}) as Record<string, Json>
      for (const key of (s.required ?? []) as string[]) if (!(key in v)) errors.push(`${at}.${key}: required`)
      for (const [key, item] of Object.entries(v)) {
        if (props[key]) errors.push(...check(props[key], item, `${at}.${key}`))
        else if (s.additionalProperties && typeof s.additionalProperties === 'object')
          errors.push(...check(s.additionalProperties as Json, item, `${at}.${key}`))
        else errors.push(`${at}.${key}: not in the schema`)
      }
      break
    }
    case 'array':
      if (!Array.isArray(value)) return [`${at}: expected an array`]
      value.forEach((item, i) => errors.push(...check(s.items as Json, item, `${at}[${i}]`)))
      break
    case 'string':
      if (typeof value !== 'string') return [`${at}: expected a string`]
      if (typeof s.maxLength === 'number' && [...value].length > s.maxLength) errors.push(`${at}: longer than ${s.maxLength}`)
      if (s.format === 'date-time' && Number.isNaN(Date.parse(value))) errors.push(`${at}: not a date-time`)
      break
    case 'integer':
      if (!Number.isInteger(value)) errors.push(`${at}: expected an integer`)
      break
    case 'boolean':
      if (typeof value !== 'boolean') errors.push(`${at}: expected a boolean`)
      break
  }
  return errors
}

/** The documented path template a concrete path falls under; literal paths win over templates. */
function templateOf(path: string): string | undefined {
  const rel = path.replace(/^\/api/, '').split('?')[0]
  const templates = Object.keys(doc.paths)
  return templates.find((t) => t === rel) ?? templates.find((t) => new RegExp(`^${t.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(rel))
}

const SERVICE_TOKEN = 'service-token-for-the-openapi-test'

describe('OpenAPI document', () => {
  let s: TestServer
  beforeAll(async () => {
    s = await createTestServer({
      config: { keyLimit: 2, serviceToken: SERVICE_TOKEN, rateLimit: { perEmail: 2, perIp: 1000, devicesPerIp: 5, windowSeconds: 60 } },
    })
  })
  afterAll(async () => {
    await s.close()
  })

  it('is served at /api/openapi.json as OpenAPI 3.1', async () => {
    const res = await s.request('GET', '/api/openapi.json')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(res.body).toEqual(JSON.parse(JSON.stringify(openApiDocument)))
    expect(res.body.openapi).toBe('3.1.0')
    expect(res.body.servers).toEqual([{ url: '/api' }])
  })

  it('describes exactly the routes the app registers under /api', () => {
    const registered = new Set(
      s.app.routes
        .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/') && r.path !== '/api/openapi.json' && !r.path.startsWith('/api/docs'))
        .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`),
    )
    const documented = new Set(Object.entries(doc.paths).flatMap(([path, item]) => METHODS.filter((m) => item[m]).map((m) => `${m.toUpperCase()} /api${path}`)))
    expect([...registered].sort()).toEqual([...documented].sort())
    // The eight calls of the contract, health, sign-out, and the key management and verification calls.
    expect([...documented].sort()).toEqual(
      [
        'PATCH /api/manage/dapp/{id}/api-key/{keyId}',
        'POST /api/manage/dapp/{id}/api-key/{keyId}/roll',
        'POST /api/keys/verify',
        'POST /api/device',
        'POST /api/register',
        'POST /api/auth/authenticate',
        'POST /api/manage/dapp',
        'GET /api/manage/dapp/owner',
        'GET /api/manage/dapp/{id}',
        'POST /api/manage/dapp/{id}/api-key',
        'DELETE /api/manage/dapp/{id}/api-key/{keyId}',
        'GET /api/health',
        'POST /api/auth/logout',
      ].sort(),
    )
  })

  it('is well formed: references resolve, operation ids are unique, path parameters are declared', () => {
    const refs = JSON.stringify(openApiDocument).match(/"\$ref":"[^"]+"/g) ?? []
    for (const r of refs) expect(() => lookup(JSON.parse(`{${r}}`).$ref)).not.toThrow()
    const ids = new Set<string>()
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const m of METHODS) {
        const op = item[m] as Json | undefined
        if (!op) continue
        expect(typeof op.operationId).toBe('string')
        expect(ids.has(op.operationId as string)).toBe(false)
        ids.add(op.operationId as string)
        expect(Object.keys(op.responses as Json).length).toBeGreaterThan(0)
        const declared = ((op.parameters ?? []) as Json[]).filter((p) => p.in === 'path').map((p) => p.name)
        expect(declared.sort()).toEqual([...path.matchAll(/\{(\w+)\}/g)].map((x) => x[1]).sort())
      }
    }
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
    await call('POST', '/api/register', { token, body: { name: 'A', email, password: 'long enough phrase' } })
    await call('POST', '/api/register', { token, body: { name: 'A', email, password: 'long enough phrase' } })
    await call('POST', '/api/auth/authenticate', { token, body: { email, password: 'long enough phrase' } })
    await call('POST', '/api/auth/authenticate', { token, body: { email, password: 'wrong-one' } })
    await call('POST', '/api/auth/authenticate', { token, body: { email, password: 'wrong-one' } })
    await call('POST', '/api/auth/authenticate', { token, body: { email: 'bad' } })
    const access = reg.body.accessToken as string

    const created = await call('POST', '/api/manage/dapp', { token: access, body: { name: 'Doc project' } })
    await call('POST', '/api/manage/dapp', { token: access, body: { name: '' } })
    await call('POST', '/api/manage/dapp', { body: { name: 'x' } })
    const id = created.body.id as string
    await call('GET', '/api/manage/dapp/owner', { token: access })
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
    // A second user signs in successfully, for the 200 of authenticate.
    const other = await signUp(s)
    await call('POST', '/api/auth/authenticate', { token: await deviceToken(s), body: { email: other.email, password: other.password } })
    // The sixth counted device call from this client (the limit is checked before the body, so the 400 and 415 count; the 413 is refused earlier), over its limit of 5.
    await call('POST', '/api/device', { body: { deviceUDID: 'x', deviceType: 'WEB' } })
    expect(seen.at(-1)?.res.status).toBe(429)
    // A path segment that cannot be stored, then a sign-out and a call with the revoked token.
    await call('GET', '/api/manage/dapp/%00', { token: access })
    await call('POST', '/api/auth/logout', { token: access })
    await call('POST', '/api/auth/logout', { token: access })

    const statuses = new Set(seen.map((x) => x.res.status))
    expect([...statuses].sort()).toEqual([200, 201, 204, 400, 401, 404, 409, 413, 415, 429, 503])

    for (const { method, path, res } of seen) {
      const template = templateOf(path)
      expect(template, path).toBeDefined()
      const op = doc.paths[template!][method.toLowerCase()] as { responses: Record<string, Json> }
      const documented = op.responses[String(res.status)]
      expect(documented, `${method} ${template} ${res.status} is not documented`).toBeDefined()
      const response = deref(documented)
      if (!response.content) {
        expect(res.text, `${method} ${path} ${res.status} has no body`).toBe('')
        continue
      }
      const schema = (response.content as Record<string, { schema: Json }>)['application/json'].schema
      expect(check(schema, res.body), `${method} ${path} ${res.status}: ${res.text.slice(0, 200)}`).toEqual([])
      for (const [header, spec] of Object.entries((response.headers ?? {}) as Record<string, Json>)) {
        if (spec.required) expect(res.headers.get(header), `${method} ${path} ${res.status} ${header}`).not.toBeNull()
      }
    }
  })
})
