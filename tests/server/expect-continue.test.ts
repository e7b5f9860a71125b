/**
 * `Expect: 100-continue`: a client that asks first sends its body only once told to. A body the server
 * will refuse by its declared length is refused before that (413), so it is never uploaded; one it will
 * read is asked for (100 Continue), then answered as usual.
 */
import { connect, type Socket } from 'node:net'
import { describe, expect, it } from 'vitest'
import { DEVICE } from './harness'
import { listeningServers } from './listening'

const starting = listeningServers()
const start = async () => (await starting()).port

const head = (path: string, length: number) =>
  `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\nExpect: 100-continue\r\n\r\n`

/** A raw client that sends only the head, as a client that waits for 100 Continue does; what it read, and how it ended. */
function asking(port: number, path: string, length: number) {
  const socket: Socket = connect({ port, host: '127.0.0.1' })
  const state = { received: '', end: undefined as string | undefined }
  socket.on('data', (d) => (state.received += d))
  socket.once('error', (err: NodeJS.ErrnoException) => (state.end ??= err.code ?? 'error'))
  socket.once('close', () => (state.end ??= 'closed'))
  socket.write(head(path, length))
  return { state, socket }
}

const bodyOf = (received: string) => JSON.parse(received.slice(received.lastIndexOf('\r\n\r\n') + 4)) as unknown

describe('Expect: 100-continue', () => {
  it('a declared body over the limit is refused 413 with no 100 Continue, and the connection closes', async () => {
    const port = await start()
    const { state } = asking(port, '/api/device', 200 * 1024)
    await expect.poll(() => state.end, { timeout: 5000 }).toBe('closed')
    expect(state.received).toMatch(/^HTTP\/1\.1 413 /)
    expect(state.received).not.toContain('100 Continue')
    expect(state.received.toLowerCase()).toContain('\r\nconnection: close\r\n')
    expect(bodyOf(state.received)).toEqual({ message: 'The request body is too large (the limit is 64 kB).', code: 'BODY_TOO_LARGE' })
  })

  it('a route with a larger limit of its own refuses past it the same way', async () => {
    const port = await start()
    const { state } = asking(port, '/api/webhooks/messages', 1024 * 1024)
    await expect.poll(() => state.end, { timeout: 5000 }).toBe('closed')
    expect(state.received).toMatch(/^HTTP\/1\.1 413 /)
    expect(bodyOf(state.received)).toMatchObject({ code: 'BODY_TOO_LARGE' })
  })

  it('a body within the limit is asked for with 100 Continue, then answered', async () => {
    const port = await start()
    const body = JSON.stringify(DEVICE)
    const { state, socket } = asking(port, '/api/device', Buffer.byteLength(body))
    await expect.poll(() => state.received, { timeout: 5000 }).toBe('HTTP/1.1 100 Continue\r\n\r\n')
    socket.write(body)
    await expect.poll(() => state.received, { timeout: 5000 }).toMatch(/\r\n\r\n\{.*\}$/)
    expect(state.received).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 201 /)
    expect(bodyOf(state.received)).toMatchObject({ accessToken: expect.any(String) })
    socket.destroy()
  })
})
