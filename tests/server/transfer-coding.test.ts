/**
 * A request body framed with a transfer coding besides chunked (`Transfer-Encoding: gzip, chunked`) is refused
 * 501 by name (RFC 9112 §6.1), as a Content-Encoding the server does not read is refused 415: Node's parser
 * takes the chunks off and hands the app the still-compressed bytes, which were read as if they were plain.
 */
import { connect, type Socket } from 'node:net'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { DEVICE } from './harness'
import { listeningServers } from './listening'

const starting = listeningServers()
const start = async () => (await starting()).port

/** One request over a raw socket, its body in one chunk; the whole answer once the server has closed or answered. */
async function send(port: number, method: string, path: string, coding: string, body: Buffer) {
  const socket: Socket = connect({ port, host: '127.0.0.1' })
  let received = ''
  socket.on('data', (d) => (received += d))
  socket.on('error', () => {})
  const head = `${method} ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: ${coding}\r\n\r\n`
  socket.write(Buffer.concat([Buffer.from(head), Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from('\r\n0\r\n\r\n')]))
  await expect.poll(() => received, { timeout: 5000 }).toMatch(/\r\n\r\n[^]*\}$/)
  socket.destroy()
  return received
}

const bodyOf = (received: string) => JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4)) as unknown

describe('Transfer-Encoding', () => {
  it('a body framed gzip, chunked is refused 501 by name, never read as plain JSON', async () => {
    const port = await start()
    for (const coding of ['gzip, chunked', 'deflate,chunked', 'GZIP , Chunked']) {
      const received = await send(port, 'POST', '/api/device', coding, gzipSync(JSON.stringify(DEVICE)))
      expect(received, coding).toMatch(/^HTTP\/1\.1 501 /)
      expect(received.toLowerCase()).toContain('\r\nconnection: close\r\n')
      expect(bodyOf(received)).toEqual({
        message: `The request body is sent with Transfer-Encoding ${JSON.stringify(coding)}, which this server does not read: send it chunked alone, or with a Content-Length.`,
        code: 'BODY_ENCODING_UNSUPPORTED',
      })
    }
  })

  it('refuses it on a call that reads no body, and on one with a body limit of its own', async () => {
    const port = await start()
    expect(await send(port, 'GET', '/api/health', 'gzip, chunked', gzipSync('{}'))).toMatch(/^HTTP\/1\.1 501 /)
    expect(await send(port, 'POST', '/api/webhooks/messages', 'gzip, chunked', gzipSync('{}'))).toMatch(/^HTTP\/1\.1 501 /)
  })

  it('reads a body chunked alone, whatever the case of the word', async () => {
    const port = await start()
    for (const coding of ['chunked', 'Chunked']) {
      const received = await send(port, 'POST', '/api/device', coding, Buffer.from(JSON.stringify(DEVICE)))
      expect(received, coding).toMatch(/^HTTP\/1\.1 201 /)
      expect(bodyOf(received)).toMatchObject({ accessToken: expect.any(String) })
    }
  })
})
