import { request as httpRequest, Agent } from 'node:http'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/db/index'
import { startServer, type RunningServer } from '../../server/start'
import { DEVICE, freshStorage, type Storage } from './harness'
import { gated } from './gated-db'

let storage: Storage | undefined
let server: RunningServer | undefined
afterEach(async () => {
  await server?.close()
  await storage?.drop()
  server = undefined
  storage = undefined
})

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** GET over a given keep-alive agent, so the request can ride on an existing connection. */
const get = (agent: Agent, url: string, headers: Record<string, string> = {}) =>
  new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(url, { agent, headers }, (res) => {
      let body = ''
      res.on('data', (d) => (body += d))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }))
    })
    req.on('error', reject)
    req.end()
  })

const closed = (socket: Socket) => new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())))

describe('drain on stop (SIGTERM)', () => {
  it('finishes the in-flight request, answers one arriving meanwhile with 503 and Connection: close, never a reset', async () => {
    storage = await freshStorage()
    const real = await openDatabase({ dataDir: storage.dataDir, databaseUrl: storage.databaseUrl })
    const gate = gated(real)
    const origin = 'https://docs.example.com'
    const files = await mkdtemp(join(tmpdir(), 'drain-files-'))
    await writeFile(join(files, 'fp-rare-abc.js'), 'void 0')
    server = await startServer({ port: 0, db: gate.db, log: () => {}, drainGraceMs: 200, corsOrigins: [origin], staticRoots: [files] })
    const url = server.url
    const agent = new Agent({ keepAlive: true, maxSockets: 3 })

    // Three kept-alive connections, each used once.
    await Promise.all([1, 2, 3].map(() => get(agent, `${url}api/openapi.json`)))
    gate.arm()
    const inFlight = get(agent, `${url}api/health`)
    await gate.inside
    const closing = server.close()

    // On another, already open connection: an answer, not ECONNRESET.
    const during = await get(agent, `${url}api/health`, { Origin: origin })
    expect(during.status).toBe(503)
    expect(during.headers.connection).toBe('close')
    expect(during.headers['retry-after']).toBe('1')
    // With the headers of every other answer, so a widget on the docs site can read it and wait.
    expect([during.headers['access-control-allow-origin'], during.headers['access-control-expose-headers']]).toEqual([origin, 'Retry-After'])
    expect([during.headers['x-content-type-options'], during.headers['cache-control']]).toEqual(['nosniff', 'no-store'])
    expect(JSON.parse(during.body)).toEqual({ message: 'The server is restarting. Please try again in a moment.', code: 'SERVER_RESTARTING' })
    // A page's lazy chunk asked for meanwhile is still the script: a JSON 503 would be refused as one (nosniff).
    const chunk = await get(agent, `${url}fp-rare-abc.js`)
    expect([chunk.status, chunk.headers['content-type'], chunk.body]).toEqual([200, 'text/javascript; charset=utf-8', 'void 0'])

    gate.release()
    const finished = await inFlight
    expect(finished.status).toBe(200)
    expect(finished.headers.connection).toBe('close')
    await closing
    await expect(real.query('SELECT 1')).rejects.toThrow()
    agent.destroy()
    server = undefined
  })

  it('closes idle keep-alive connections, and stops listening', async () => {
    storage = await freshStorage()
    server = await startServer({ port: 0, dataDir: storage.dataDir, databaseUrl: storage.databaseUrl, log: () => {}, drainGraceMs: 50 })
    const socket = connect(server.port, '127.0.0.1')
    await new Promise((r) => socket.once('connect', r))
    socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n')
    await new Promise((r) => socket.once('data', r))
    await server.close()
    await closed(socket) // the server ended it; the test would time out otherwise
    await expect(fetch(`http://127.0.0.1:${server.port}/api/health`)).rejects.toThrow()
    server = undefined
  })
})

describe('aborted requests', () => {
  it('are logged as aborted, with no stack and no 500', async () => {
    storage = await freshStorage()
    const logs: string[] = []
    server = await startServer({ port: 0, dataDir: storage.dataDir, databaseUrl: storage.databaseUrl, log: (l) => logs.push(l) })
    const body = JSON.stringify(DEVICE)
    for (let i = 0; i < 3; i++) {
      const socket = connect(server.port, '127.0.0.1')
      await new Promise((r) => socket.once('connect', r))
      // The head, and once the server has it (its 100 Continue), half a body; then the client goes away.
      socket.write(`POST /api/device HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`)
      await new Promise((r) => socket.once('data', r))
      socket.write(body.slice(0, 20))
      socket.destroy()
    }
    await expect.poll(() => logs.filter((l) => l.startsWith('POST /api/device')).length).toBe(3)
    // A complete request after them is logged with its status as usual.
    expect((await fetch(`${server.url}api/health`)).status).toBe(200)
    await expect.poll(() => logs.some((l) => /^GET \/api\/health 200 \d+ms$/.test(l))).toBe(true)
    expect(logs.filter((l) => l.startsWith('POST /api/device'))).toEqual(
      Array.from({ length: 3 }, () => expect.stringMatching(/^POST \/api\/device aborted \d+ms$/)),
    )
    expect(logs.join('\n')).not.toMatch(/error|500|at /)
  })
})
