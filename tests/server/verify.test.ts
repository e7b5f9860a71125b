/**
 * POST /api/keys/verify: one route through the regular middleware. Its 200
 * answers are logged as one summary line a second; every other answer gets
 * its own line. In-process calls here send Content-Length themselves, as every
 * HTTP client does for a JSON body; the later blocks go over a real socket.
 */
import { serve } from '@hono/node-server'
import { spawn } from 'node:child_process'
import { request as httpRequest, type OutgoingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { API_CSP } from '../../server/http/security-headers'
import { SERVICE_TOKEN_REQUIRED, sameSecret } from '../../server/http/service-token'
import { VERIFY_NOT_CONFIGURED } from '../../server/resources/verify/routes'
import { DEVICE, createTestServer, freshStorage, newProject, signUp, usePostgres, type SignedUp, type TestServer } from './harness'
import { ROOT, serverArgs, stopped } from './server-process'
import { HEARD_MS, within } from './within'

const SERVICE_TOKEN = 'a-long-random-service-token-for-tests'
const HOUR = 3_600_000
const SAFETY_HEADERS = ['content-type', 'cache-control', 'x-content-type-options', 'referrer-policy', 'content-security-policy']

let s: TestServer
let owner: SignedUp
let now: number
beforeEach(async () => {
  now = Date.now()
  s = await createTestServer({ config: { serviceToken: SERVICE_TOKEN }, clock: () => now })
  owner = await signUp(s)
})
afterEach(async () => {
  await s.close()
})

const firstKey = async () => {
  const p = await newProject(s, owner.accessToken)
  const [id, key] = Object.entries(p.apiKey)[0]
  return { projectId: p.id, id, key }
}

/** A verification as an HTTP client sends it: the body's length declared. */
const verify = (raw: string, headers: Record<string, string> = {}, path = '/api/keys/verify', server = s) =>
  server.request('POST', path, { raw, headers: { Authorization: `Bearer ${SERVICE_TOKEN}`, 'Content-Length': String(Buffer.byteLength(raw)), ...headers } })
const verifyKey = (key: string) => verify(JSON.stringify({ key }))

const requestLines = () => s.logs.filter((l) => /^POST \/api\/keys\/verify \d{3} \d+ms$/.test(l))
const SUMMARY = /^POST \/api\/keys\/verify 200 ×(\d+) in \d+\.\ds, slowest \d+ms$/
const summaries = () => s.logs.filter((l) => SUMMARY.test(l))

/** Polls until `check` holds, for at most `timeout` ms (the summary line is written a second after the first answer). */
const until = (check: () => boolean, timeout = 5000) => expect.poll(check, { timeout, interval: 20 }).toBe(true)

describe('POST /api/keys/verify', () => {
  it('answers with the safety headers, and logs its answers as one summary line instead of a line each', async () => {
    const { projectId, id, key } = await firstKey()
    const withoutLength = await s.request('POST', '/api/keys/verify', { headers: { Authorization: `Bearer ${SERVICE_TOKEN}` }, body: { key } })
    const valid = await verifyKey(key)
    const unknown = await verifyKey('fxk_not-a-real-key')
    expect(valid.status).toBe(200)
    expect(valid.body).toEqual({ valid: true, keyId: id, projectId, name: 'Default key', expiresAt: null, mode: 'live', scopes: null })
    expect(withoutLength.body).toEqual(valid.body)
    expect(unknown).toMatchObject({ status: 200, body: { valid: false, code: 'NOT_FOUND' } })
    for (const name of SAFETY_HEADERS) expect(valid.headers.get(name), name).not.toBeNull()
    expect(valid.headers.get('content-type')).toMatch(/^application\/json/)
    expect(valid.headers.get('content-security-policy')).toBe(API_CSP)
    expect(valid.headers.get('cache-control')).toBe('no-store')

    expect(requestLines()).toHaveLength(0)
    await until(() => summaries().length > 0)
    expect(summaries()).toHaveLength(1)
    expect(SUMMARY.exec(summaries()[0])?.slice(1)).toEqual(['3'])
    for (const line of s.logs) {
      expect(line).not.toContain(key)
      expect(line).not.toContain(SERVICE_TOKEN)
    }
  })

  it('sees a delete, a rename and a roll at once, and writes the first lastUsedAt before answering', async () => {
    const { projectId, id, key } = await firstKey()
    expect((await verifyKey(key)).body.valid).toBe(true)
    const listed = await s.request('GET', `/api/manage/dapp/${projectId}`, { token: owner.accessToken })
    expect(listed.body.keys[0].lastUsedAt).toBe(new Date(now).toISOString())

    await s.request('PATCH', `/api/manage/dapp/${projectId}/api-key/${id}`, { token: owner.accessToken, body: { name: 'Mobile' } })
    expect((await verifyKey(key)).body).toMatchObject({ valid: true, name: 'Mobile' })

    const rolled = await s.request('POST', `/api/manage/dapp/${projectId}/api-key/${id}/roll`, { token: owner.accessToken, body: { graceSeconds: 3600 } })
    const [newId, newKey] = Object.entries(rolled.body as Record<string, string>)[0]
    expect((await verifyKey(key)).body).toMatchObject({ valid: true, expiresAt: new Date(now + HOUR).toISOString() })
    now += HOUR
    expect((await verifyKey(key)).body).toEqual({ valid: false, code: 'EXPIRED' })

    expect((await verifyKey(newKey)).body).toMatchObject({ valid: true, keyId: newId })
    await s.request('DELETE', `/api/manage/dapp/${projectId}/api-key/${newId}`, { token: owner.accessToken })
    expect((await verifyKey(newKey)).body).toEqual({ valid: false, code: 'NOT_FOUND' })
    expect(requestLines()).toHaveLength(0)
  })

  it.each([
    ['a wrong service token', '{"key":"fxk_x"}', { Authorization: 'Bearer not-the-service-token' }, 401, SERVICE_TOKEN_REQUIRED],
    ['no Authorization header', '{"key":"fxk_x"}', { Authorization: '' }, 401, SERVICE_TOKEN_REQUIRED],
    ['a missing key', '{}', {}, 400, 'Key is required.'],
    ['an empty key', '{"key":""}', {}, 400, 'Key is required.'],
    ['a key that is not text', '{"key":["fxk_"]}', {}, 400, 'Key must be text.'],
    ['a key over 200 characters', JSON.stringify({ key: 'k'.repeat(201) }), {}, 400, 'Key must be at most 200 characters.'],
    ['a body that is not JSON', '{"key":', {}, 400, 'The request body is not valid JSON.'],
    ['a body that is not an object', '"fxk_x"', {}, 400, 'The request body must be a JSON object.'],
    [
      'a NUL in another field',
      '{"key":"fxk_x","note":"a\\u0000b"}',
      {},
      400,
      'note contains a character that cannot be stored (a NUL byte or an unpaired surrogate).',
    ],
    [
      'a body that is not sent as JSON',
      '{"key":"fxk_x"}',
      { 'Content-Type': 'text/plain' },
      415,
      'Send the request body as JSON (Content-Type: application/json).',
    ],
  ])('answers %s with its message and a log line of its own', async (_, raw, headers, status, message) => {
    const res = await verify(raw, headers)
    expect(res).toMatchObject({ status, body: { message } })
    if (status === 401) expect(res.headers.get('www-authenticate')).toBe('Bearer')
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(requestLines()).toEqual([expect.stringMatching(new RegExp(`^POST /api/keys/verify ${status} `))])
  })

  it('verifies with a query string and from a browser Origin, and refuses a body over the limit', async () => {
    const { key } = await firstKey()
    const body = JSON.stringify({ key })
    expect((await verify(body, {}, '/api/keys/verify?trace=1')).body.valid).toBe(true)
    expect((await verify(body, { Origin: 'https://app.example.com' })).body.valid).toBe(true)
    const big = JSON.stringify({ key, padding: 'x'.repeat(70_000) })
    expect(await verify(big)).toMatchObject({ status: 413, body: { message: 'The request body is too large (the limit is 64 kB).' } })
    expect(requestLines().map((l) => l.split(' ')[2])).toEqual(['413'])
  })

  it('with CORS configured, answers a browser call with its CORS headers', async () => {
    const cors = await createTestServer({ storage: s.storage, config: { serviceToken: SERVICE_TOKEN, corsOrigins: ['https://app.example.com'] } })
    try {
      const { key } = await firstKey()
      const body = JSON.stringify({ key })
      const browser = await verify(body, { Origin: 'https://app.example.com' }, '/api/keys/verify', cors)
      expect(browser.body.valid).toBe(true)
      expect(browser.headers.get('access-control-allow-origin')).toBe('https://app.example.com')
      expect(browser.headers.get('vary')).toBe('Origin')
    } finally {
      await cors.close()
    }
  })

  it('answers 503 when SERVICE_TOKEN is not set', async () => {
    const bare = await createTestServer()
    try {
      const res = await verify('{"key":"fxk_x"}', {}, '/api/keys/verify', bare)
      expect(res).toMatchObject({ status: 503, body: { message: VERIFY_NOT_CONFIGURED } })
    } finally {
      await bare.close()
    }
  })
})

describe.runIf(usePostgres)('verification on two instances of one PostgreSQL', () => {
  it('refuses a key deleted on the other instance as soon as it hears of it, though it had just verified it', async () => {
    const other = await createTestServer({ storage: s.storage, config: { serviceToken: SERVICE_TOKEN } })
    try {
      const { projectId, id, key } = await firstKey()
      const answer = async () => (await verify(JSON.stringify({ key }), {}, '/api/keys/verify', other)).body
      // Let the second instance's LISTEN connect, then warm its cache.
      await within(5000, async () => (await answer()).valid === true)
      expect((await s.request('DELETE', `/api/manage/dapp/${projectId}/api-key/${id}`, { token: owner.accessToken })).status).toBe(200)
      await within(HEARD_MS, async () => (await answer()).code === 'NOT_FOUND')
      expect(other.logs.filter((l) => /^POST \/api\/keys\/verify \d{3} \d+ms$/.test(l))).toHaveLength(0)
    } finally {
      await other.close()
    }
  })
})

describe('verification over a socket', () => {
  let server: Server
  let url: string
  beforeEach(async () => {
    await new Promise<void>((resolve) => {
      server = serve({ fetch: s.app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => {
        url = `http://127.0.0.1:${info.port}/api/keys/verify`
        resolve()
      }) as Server
    })
  })
  afterEach(async () => {
    await new Promise((resolve) => server.close(resolve))
  })

  const post = (body: string | ReadableStream, headers: Record<string, string> = {}) =>
    fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${SERVICE_TOKEN}`, ...headers },
      body,
      ...(typeof body === 'string' ? {} : { duplex: 'half' }),
    } as RequestInit)

  it('answers with the safety headers, a chunked body too, and refuses a wrong service token', async () => {
    const { key } = await firstKey()
    const res = await post(JSON.stringify({ key }))
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ valid: true })
    expect(res.headers.get('content-type')).toBe('application/json')
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('referrer-policy')).toBe('no-referrer')
    expect(res.headers.get('content-security-policy')).toBe(API_CSP)
    expect(requestLines()).toHaveLength(0)

    const chunked = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode(JSON.stringify({ key })))
        c.close()
      },
    })
    const viaChunks = await post(chunked)
    expect(await viaChunks.json()).toMatchObject({ valid: true })
    expect(requestLines()).toHaveLength(0)

    const wrong = await post(JSON.stringify({ key }), { Authorization: 'Bearer not-the-service-token' })
    expect(wrong.status).toBe(401)
    expect(wrong.headers.get('cache-control')).toBe('no-store')
    expect(requestLines()).toEqual([expect.stringMatching(/^POST \/api\/keys\/verify 401 /)])
  })
})

describe('verification and duplicate headers', () => {
  let server: Server
  let port: number
  beforeEach(async () => {
    await new Promise<void>((resolve) => {
      server = serve({ fetch: s.app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => {
        port = info.port
        resolve()
      }) as Server
    })
  })
  afterEach(async () => {
    await new Promise((resolve) => server.close(resolve))
  })

  /** node:http sends an array value as one header line per item, as an attacker's client would. */
  const post = (body: string, headers: OutgoingHttpHeaders) =>
    new Promise<{ status: number; body: { message?: string; valid?: boolean } }>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, path: '/api/keys/verify', method: 'POST', headers: { 'Content-Length': Buffer.byteLength(body), ...headers } },
        (res) => {
          let text = ''
          res.setEncoding('utf8').on('data', (d: string) => (text += d))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }))
        },
      )
      req.on('error', reject)
      req.end(body)
    })

  it('refuses a repeated Authorization or Content-Type', async () => {
    const { key } = await firstKey()
    const body = JSON.stringify({ key })
    const bearer = `Bearer ${SERVICE_TOKEN}`
    expect(await post(body, { 'Content-Type': 'application/json', Authorization: bearer })).toMatchObject({ status: 200, body: { valid: true } })
    expect(requestLines()).toHaveLength(0)
    for (const authorization of [
      [bearer, bearer],
      [bearer, 'Bearer someone-else'],
    ]) {
      expect(await post(body, { 'Content-Type': 'application/json', Authorization: authorization })).toMatchObject({
        status: 401,
        body: { message: SERVICE_TOKEN_REQUIRED },
      })
    }
    expect(await post(body, { 'Content-Type': ['application/json', 'application/json'], Authorization: bearer })).toMatchObject({
      status: 415,
    })
    expect(requestLines()).toHaveLength(3)
  })
})

// The summary line is the process's log on stopping, the same whichever
// database it runs on: once per run.
describe.skipIf(usePostgres)('npm start', () => {
  it('writes the last summary line of verifications when it stops within the second', async () => {
    const storage = await freshStorage()
    const child = spawn(process.execPath, serverArgs(), {
      cwd: ROOT,
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', SKIP_BUILD: '1', DATABASE_URL: '', SERVICE_TOKEN, ...storage.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (out += d))
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
    try {
      await until(() => /Flex Portal is running at/.test(out), 60_000)
      const api = /Flex Portal is running at (\S+)/.exec(out)![1] + 'api'
      const call = async (path: string, body: unknown, token: string) => {
        const res = await fetch(`${api}${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
          body: JSON.stringify(body),
        })
        return (await res.json()) as Record<string, unknown>
      }
      const device = await call('/device', DEVICE, '')
      const user = await call('/register', { name: 'Ada', email: 'ada@example.com', password: 'correct horse battery' }, device.accessToken as string)
      const project = await call('/manage/dapp', { name: 'Weather' }, user.accessToken as string)
      const key = Object.values(project.apiKey as Record<string, string>)[0]
      expect(await call('/keys/verify', { key }, SERVICE_TOKEN)).toMatchObject({ valid: true })
      expect(await call('/keys/verify', { key: 'fxk_unknown' }, SERVICE_TOKEN)).toMatchObject({ valid: false })
      child.kill('SIGTERM')
      expect(await exited).toBe(0)
      // Both calls in summary lines, the last one written on stopping: one line ×2, or ×1 twice when a slow machine
      // put the second call in the next second's summary.
      const summaries = [...out.matchAll(/^POST \/api\/keys\/verify 200 ×(\d+) in \d+\.\ds, slowest \d+ms$/gm)]
      expect(summaries.reduce((sum, [, n]) => sum + Number(n), 0)).toBe(2)
      expect(out).not.toContain(key)
      expect(out).not.toContain(SERVICE_TOKEN)
    } finally {
      // Its embedded database's folder goes only once it has exited.
      await stopped(child, 'SIGKILL')
      await storage.drop()
    }
  }, 90_000)
})

describe('the service token comparison', () => {
  it('accepts the token itself and nothing near it: a prefix, an extension, one character off, a repeat, or nothing', () => {
    expect(sameSecret(SERVICE_TOKEN, SERVICE_TOKEN)).toBe(true)
    expect(sameSecret([...SERVICE_TOKEN].join(''), SERVICE_TOKEN)).toBe(true)
    for (const near of [
      SERVICE_TOKEN.slice(0, -1),
      `${SERVICE_TOKEN}x`,
      `${SERVICE_TOKEN.slice(0, -1)}T`,
      `X${SERVICE_TOKEN.slice(1)}`,
      SERVICE_TOKEN.repeat(2),
      SERVICE_TOKEN.toUpperCase(),
      '',
      '\u0000'.repeat(SERVICE_TOKEN.length),
    ]) {
      expect(sameSecret(near, SERVICE_TOKEN), near).toBe(false)
    }
  })
})
