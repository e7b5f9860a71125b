/**
 * A client has a bounded time to send its request (server/http/node-listener.ts REQUEST_BOUNDS): one that
 * sends a head, or part of a body, then stalls is answered 408 and its connection closed once the bound has
 * passed, where Node's own bounds held the socket for minutes. A request sent slowly but within the bound is
 * answered as usual, and an answer that takes longer than the bound (the request itself being in) is not cut.
 */
import type { AddressInfo } from 'node:net'
import { connect, type Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { nodeServer, type RequestBounds } from '../../server/http/node-listener'
import { DEVICE } from './harness'
import { listeningServers } from './listening'

const BOUNDS: RequestBounds = { headersMs: 1000, requestMs: 1000 }
// Node's own bounds are 60 s for a head and 300 s for a request: a cut well before those is these bounds' doing,
// the rest of the room is for a loaded machine (the suite runs beside others; 3.4 s was seen where 1.3 is usual).
const CUT_WITHIN_MS = 15_000

const starting = listeningServers({ requestBounds: BOUNDS })
const start = async () => (await starting()).port
// For a request sent slowly within its bound: a bound a loaded machine's late timers cannot outrun.
const STEADY_BOUNDS: RequestBounds = { headersMs: 10_000, requestMs: 10_000 }
const startingRoomy = listeningServers({ requestBounds: STEADY_BOUNDS })

/** A raw client: what it read, how the connection ended, and when. */
function client(port: number) {
  const socket: Socket = connect({ port, host: '127.0.0.1' })
  const state = { received: '', end: undefined as string | undefined, endedAt: 0 }
  const ended = (how: string) => {
    state.end ??= how
    state.endedAt ||= Date.now()
  }
  socket.on('data', (d) => (state.received += d))
  socket.once('error', (err: NodeJS.ErrnoException) => ended(err.code ?? 'error'))
  socket.once('close', () => ended('closed'))
  return { socket, state }
}

const body = JSON.stringify(DEVICE)
const head = `POST /api/device HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`
/** The 408 is the API's JSON error with its code and safety headers, as every refusal is (Node's own is a bare status line). */
function expectTimeoutAnswer(received: string) {
  const [head, body] = received.split('\r\n\r\n')
  expect(head).toMatch(/^content-type: application\/json/im)
  expect(head).toMatch(/^x-content-type-options: nosniff/im)
  expect(head).toMatch(/^connection: close/im)
  expect(JSON.parse(body)).toEqual({ message: 'The request took too long to arrive. Please send it again.', code: 'REQUEST_TIMEOUT' })
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('a request is bounded in time', () => {
  it('a body that stalls half-way is answered 408 and the connection closed once the bound has passed', async () => {
    const { socket, state } = client(await start())
    const began = Date.now()
    socket.write(head + body.slice(0, body.length / 2))
    await expect.poll(() => state.end, { timeout: CUT_WITHIN_MS }).toBe('closed')
    expect(state.received).toMatch(/^HTTP\/1\.1 408 /)
    expectTimeoutAnswer(state.received)
    expect(state.endedAt - began).toBeGreaterThanOrEqual(BOUNDS.requestMs - 50)
    expect(state.endedAt - began).toBeLessThan(CUT_WITHIN_MS)
  })

  it('a head that stalls before its end is answered 408 and the connection closed once the bound has passed', async () => {
    const { socket, state } = client(await start())
    const began = Date.now()
    socket.write('POST /api/device HTTP/1.1\r\nHost: x\r\n')
    await expect.poll(() => state.end, { timeout: CUT_WITHIN_MS }).toBe('closed')
    expect(state.received).toMatch(/^HTTP\/1\.1 408 /)
    expectTimeoutAnswer(state.received)
    expect(state.endedAt - began).toBeLessThan(CUT_WITHIN_MS)
  })

  it('a request sent slowly but steadily within the bound is answered as usual', async () => {
    const { socket, state } = client((await startingRoomy()).port)
    socket.write(head)
    // Five pieces over 2.5 s, a quarter of the bound: Node's check (every quarter) looks at the request at least
    // once while it comes in. A slow link, not a stalled one.
    const piece = Math.ceil(body.length / 5)
    for (let at = 0; at < body.length; at += piece) {
      await pause(STEADY_BOUNDS.requestMs / 20)
      socket.write(body.slice(at, at + piece))
    }
    await expect.poll(() => state.received, { timeout: 10_000 }).toMatch(/\r\n\r\n\{.*\}$/)
    expect(state.received).toMatch(/^HTTP\/1\.1 201 /)
    expect(state.end).toBeUndefined()
    socket.destroy()
  })
})

describe('an answer is not bounded', () => {
  const servers: Array<{ close(): void }> = []
  afterEach(() => servers.splice(0).forEach((s) => s.close()))

  it('an answer that takes longer than the bound, the request being in, is sent whole', async () => {
    // Answers once the bound and Node's next check have passed.
    const slow = nodeServer(() => pause(BOUNDS.requestMs + 600).then(() => new Response('{"late":true}')), '127.0.0.1', BOUNDS)
    servers.push(slow)
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve))
    const { socket, state } = client((slow.address() as AddressInfo).port)
    socket.write(head + body)
    await expect.poll(() => state.received, { timeout: 5000 }).toMatch(/\{"late":true\}$/)
    expect(state.received).toMatch(/^HTTP\/1\.1 200 /)
    expect(state.end).toBeUndefined()
    socket.destroy()
  })
})
