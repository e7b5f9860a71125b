/**
 * Over a real socket, where @hono/node-server's lightweight requests and
 * responses are in play: the body limit read from Content-Length, chunked
 * bodies still measured, and the safety headers on every kind of answer.
 * And the request log written once per turn of the event loop.
 */
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bufferedLog } from '../../server/http/buffered-log'
import { API_CSP, PAGE_CSP } from '../../server/http/security-headers'
import { startServer, type RunningServer } from '../../server/start'
import { freshStorage, type Storage } from './harness'

let server: RunningServer
let storage: Storage
beforeAll(async () => {
  storage = await freshStorage()
  server = await startServer({ port: 0, dataDir: storage.dataDir, databaseUrl: storage.databaseUrl, log: () => {}, staticRoots: [] })
})
afterAll(async () => {
  await server.close()
  await storage.drop()
})

/** One request; `chunked` sends the body without a Content-Length. */
function send(method: string, path: string, body?: string, chunked = false): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${server.url}${path.slice(1)}`,
      { method, headers: body === undefined ? {} : { 'Content-Type': 'application/json', ...(chunked ? {} : { 'Content-Length': Buffer.byteLength(body) }) } },
      (res) => {
        let text = ''
        res.setEncoding('utf8').on('data', (c: string) => (text += c))
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }))
      },
    )
    req.on('error', reject)
    if (body !== undefined && chunked) {
      // Two writes: Node then sends Transfer-Encoding: chunked.
      req.write(body.slice(0, 10))
      req.end(body.slice(10))
    } else req.end(body)
  })
}

const big = JSON.stringify({ deviceUDID: 'x', deviceType: 'WEB', country: 'x'.repeat(70_000) })

describe('over a socket', () => {
  it('refuses a body over 64 kB by its Content-Length, and a chunked one by what arrives', async () => {
    for (const chunked of [false, true]) {
      const res = await send('POST', '/api/device', big, chunked)
      expect(res.status).toBe(413)
      expect(JSON.parse(res.body)).toEqual({ message: 'The request body is too large (the limit is 64 kB).', code: 'BODY_TOO_LARGE' })
    }
    const small = await send('POST', '/api/device', JSON.stringify({ deviceUDID: 'x', deviceType: 'WEB' }), true)
    expect(small.status).toBe(201)
  })

  it('puts the safety headers on answers, errors and not-founds alike', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/health'],
      ['POST', '/api/device', '{'],
      ['GET', '/api/nothing-here'],
      ['GET', '/nothing-here'],
    ] as const) {
      const res = await send(method, path, body)
      expect(res.headers['x-content-type-options'], path).toBe('nosniff')
      expect(res.headers['referrer-policy'], path).toBe('no-referrer')
      expect(res.headers['content-security-policy'], path).toBe(path.startsWith('/api/') ? API_CSP : PAGE_CSP)
    }
  })
})

describe('bufferedLog', () => {
  it('writes the lines of one turn together, in order, after the turn', async () => {
    const writes: string[] = []
    const log = bufferedLog((text) => writes.push(text))
    log('GET /a 200 1ms')
    log('GET /b 404 0ms')
    expect(writes).toEqual([])
    await new Promise((r) => setImmediate(r))
    log('GET /c 200 2ms')
    await new Promise((r) => setImmediate(r))
    expect(writes).toEqual(['GET /a 200 1ms\nGET /b 404 0ms\n', 'GET /c 200 2ms\n'])
  })
})
