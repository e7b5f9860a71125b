/**
 * What a hostile client does below the routes: many requests pipelined on one
 * connection without reading the answers, a request the adapter cannot turn
 * into a URL, a JSON body whose bytes are not UTF-8.
 */
import { connect } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { PIPELINED_MAX } from '../../server/http/node-listener'
import { startServer, type RunningServer } from '../../server/start'
import { createTestServer, freshStorage, signUp, type Storage, type TestServer } from './harness'

let storage: Storage | undefined
let server: RunningServer | undefined
let s: TestServer | undefined
afterEach(async () => {
  await server?.close()
  await storage?.drop()
  await s?.close()
  server = storage = s = undefined
})

async function listening() {
  storage = await freshStorage()
  server = await startServer({ port: 0, dataDir: storage.dataDir, databaseUrl: storage.databaseUrl, log: () => {} })
  return server.port
}

/** Writes `raw` on a new connection and reads until the server closes it: what came back, as text. */
const exchange = (port: number, raw: string) =>
  new Promise<string>((resolve, reject) => {
    let text = ''
    const socket = connect(port, '127.0.0.1', () => socket.write(raw))
    socket.setEncoding('latin1')
    socket.on('data', (d: string) => (text += d))
    socket.on('error', reject)
    socket.on('close', () => resolve(text))
  })

const answers = (text: string) => text.match(/HTTP\/1\.1 \d{3} /g)?.length ?? 0
const health = (port: number) => fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.status)

describe('a connection that pipelines', () => {
  it(`gets every answer up to ${PIPELINED_MAX} requests at once; past that it is closed, and others are still served`, async () => {
    const port = await listening()
    const get = 'GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n'
    const fair = await exchange(port, get.repeat(PIPELINED_MAX - 1) + get.replace('\r\n\r\n', '\r\nConnection: close\r\n\r\n'))
    expect(answers(fair)).toBe(PIPELINED_MAX)

    // 1,000 requests for the API's largest answer in one write: the server stops at the limit, not after doing them all.
    const flood = await exchange(port, 'GET /api/openapi.json HTTP/1.1\r\nHost: localhost\r\n\r\n'.repeat(1000))
    expect(answers(flood)).toBeLessThanOrEqual(PIPELINED_MAX)
    expect(await health(port)).toBe(200)
  })
})

describe('a request the server cannot read as a URL', () => {
  it.each([
    ['a Host header that is no host', 'GET /api/health HTTP/1.1\r\nHost: a b/c@d\r\n\r\n'],
    ['an unclosed IPv6 Host', 'GET /api/health HTTP/1.1\r\nHost: [::1\r\n\r\n'],
  ])('%s: 400 with the JSON error and the API’s safety headers, then the connection is closed', async (_, raw) => {
    const port = await listening()
    const text = await exchange(port, raw)
    const [head, body] = text.split('\r\n\r\n')
    expect(head).toMatch(/^HTTP\/1\.1 400 /)
    expect(head).toMatch(/^content-type: application\/json/im)
    expect(head).toMatch(/^content-security-policy: default-src 'none'/im)
    expect(head).toMatch(/^x-content-type-options: nosniff/im)
    expect(head).toMatch(/^referrer-policy: no-referrer/im)
    expect(head).toMatch(/^cache-control: no-store/im)
    expect(head).toMatch(/^connection: close/im)
    expect(JSON.parse(body.replace(/^[0-9a-f]+\r\n|\r\n0\r\n$/gi, ''))).toEqual({ message: 'Bad request.', code: 'REQUEST_REFUSED' })
    expect(await health(port)).toBe(200)
  })
})

describe('a request Node’s parser refuses', () => {
  it.each([
    [
      'a request line that is no request line',
      'GET /api/health HTTP/1.1 extra\r\nHost: localhost\r\n\r\n',
      400,
      { message: 'Bad request.', code: 'REQUEST_REFUSED' },
    ],
    [
      'a header with no colon',
      'GET /api/health HTTP/1.1\r\nHost: localhost\r\nno colon here\r\n\r\n',
      400,
      { message: 'Bad request.', code: 'REQUEST_REFUSED' },
    ],
    [
      'a head over Node’s 16 kB',
      `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
      { message: 'The request’s headers are too large.', code: 'HEADERS_TOO_LARGE' },
    ],
    [
      'a body chunk with more than Node’s 16 kB of chunk extensions',
      `POST /api/health HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n1;ext=${'a'.repeat(20_000)}\r\nx\r\n0\r\n\r\n`,
      413,
      { message: 'The request’s chunk extensions are too large.', code: 'CHUNK_EXTENSIONS_TOO_LARGE' },
    ],
  ])('%s: its status with the JSON error and the API’s safety headers, then the connection is closed', async (_, raw, status, error) => {
    const port = await listening()
    const text = await exchange(port, raw)
    const [head, body] = text.split('\r\n\r\n')
    expect(head).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `))
    expect(head).toMatch(/^content-type: application\/json/im)
    expect(head).toMatch(/^content-security-policy: default-src 'none'/im)
    expect(head).toMatch(/^x-content-type-options: nosniff/im)
    expect(head).toMatch(/^connection: close/im)
    // Read as latin1 (exchange): the JSON is UTF-8.
    expect(JSON.parse(Buffer.from(body, 'latin1').toString('utf8'))).toEqual(error)
    expect(await health(port)).toBe(200)
  })
})

describe('a JSON body whose bytes are not UTF-8', () => {
  it('is refused as not JSON, never stored with U+FFFD in place of what was sent', async () => {
    s = await createTestServer()
    const u = await signUp(s)
    const latin1 = Uint8Array.from(Buffer.from('{"name":"Jos\xe9"}', 'latin1'))
    for (const headers of [{}, { 'Content-Type': 'application/json; charset=iso-8859-1' }] as Array<Record<string, string>>) {
      const res = await s.request('PATCH', '/api/me', { token: u.accessToken, raw: latin1, headers })
      expect(res.status, res.text).toBe(400)
      expect(res.body).toEqual({ message: 'The request body is not valid JSON.', code: 'BODY_INVALID_JSON' })
    }
    const me = await s.request('GET', '/api/me', { token: u.accessToken })
    expect(me.body.name).not.toContain('\ufffd')
    const right = await s.request('PATCH', '/api/me', { token: u.accessToken, raw: Uint8Array.from(Buffer.from('{"name":"José"}')) })
    expect(right.body.name).toBe('José')
  })
})
