/**
 * An answer after which the server closes the connection says so
 * (Connection: close), so a keep-alive client opens a new connection for its
 * next request instead of sending it into a closing one (ECONNRESET).
 */
import { Agent, request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import { describe, expect, it } from 'vitest'
import { DEVICE } from './harness'
import { listeningServers } from './listening'

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
  /** The client's end of the connection it came on. */
  port: number
}

/** A request over `agent`; `body` is sent in full, `declared` bytes are announced (more than sent: the client is still sending). */
const send = (agent: Agent, url: string, method: string, body?: string, declared?: number) =>
  new Promise<Answer>((resolve, reject) => {
    const headers: Record<string, string | number> =
      body === undefined ? {} : { 'Content-Type': 'application/json', 'Content-Length': declared ?? Buffer.byteLength(body) }
    const req = httpRequest(url, { agent, method, headers }, (res) => {
      let text = ''
      const port = res.socket.localPort!
      res.on('data', (d) => (text += d))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text, port }))
    })
    req.on('error', reject)
    if (declared === undefined) req.end(body)
    else req.write(body)
  })

const starting = listeningServers()
const start = async () => (await starting()).url

describe('answers after which the server closes the connection', () => {
  it('a 413 says Connection: close, and the next request on the same keep-alive agent gets its answer, not ECONNRESET', async () => {
    const url = await start()
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    try {
      for (let round = 0; round < 3; round++) {
        // 200 kB announced, 1 kB sent: the server answers before the rest comes.
        const tooLarge = await send(agent, `${url}api/device`, 'POST', 'x'.repeat(1024), 200 * 1024)
        expect(tooLarge.status).toBe(413)
        expect(tooLarge.headers.connection).toBe('close')
        expect(JSON.parse(tooLarge.body)).toEqual({ message: 'The request body is too large (the limit is 64 kB).', code: 'BODY_TOO_LARGE' })
        const next = await send(agent, `${url}api/health`, 'GET')
        expect(next.status).toBe(200)
      }
    } finally {
      agent.destroy()
    }
  })

  it('the provider’s message call says Connection: close on its own 413 too', async () => {
    const url = await start()
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    try {
      const tooLarge = await send(agent, `${url}api/webhooks/messages`, 'POST', 'x'.repeat(1024), 1024 * 1024)
      expect(tooLarge.status).toBe(413)
      expect(tooLarge.headers.connection).toBe('close')
    } finally {
      agent.destroy()
    }
  })

  it('on a raw keep-alive socket, the server that answered 413 ends the connection cleanly after saying close', async () => {
    const url = new URL(await start())
    const socket = connect(Number(url.port), '127.0.0.1')
    await new Promise((r) => socket.once('connect', r))
    let received = ''
    socket.on('data', (d) => (received += d))
    const ended = new Promise<string>((resolve) => {
      socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'))
      socket.once('close', () => resolve('closed'))
    })
    socket.write('POST /api/device HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\nContent-Type: application/json\r\nContent-Length: 500000\r\n\r\n{"a":"')
    await expect.poll(() => received, { timeout: 5000 }).toMatch(/\r\n\r\n/)
    expect(received).toMatch(/^HTTP\/1\.1 413 /)
    expect(received.toLowerCase()).toContain('\r\nconnection: close\r\n')
    expect(await ended).toBe('closed')
  })

  it('a HEAD answer says the length its GET has, so a keep-alive client sends its next call on the same connection', async () => {
    const url = await start()
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    try {
      const calls = [await send(agent, `${url}api/health`, 'GET'), await send(agent, `${url}api/health`, 'HEAD'), await send(agent, `${url}api/health`, 'HEAD')]
      expect(calls.map((c) => [c.status, c.headers['content-length']])).toEqual([
        [200, '15'],
        [200, '15'],
        [200, '15'],
      ])
      expect(calls.map((c) => c.body)).toEqual(['{"status":"ok"}', '', ''])
      expect(new Set(calls.map((c) => c.port)).size).toBe(1)
    } finally {
      agent.destroy()
    }
  })

  it('a body read in full keeps the connection alive', async () => {
    const url = await start()
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    try {
      const res = await send(agent, `${url}api/device`, 'POST', JSON.stringify(DEVICE))
      expect(res.status).toBe(201)
      expect(res.headers.connection).toBe('keep-alive')
    } finally {
      agent.destroy()
    }
  })
})
