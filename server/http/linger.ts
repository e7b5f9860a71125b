import type { IncomingMessage } from 'node:http'
import { Socket } from 'node:net'

/** How long the server reads on after an answer given before the body was read. */
export const LINGER_MS = 2_000
/** How much of the unread body it reads (and discards) at most. */
export const LINGER_BYTES = 16 * 1024 * 1024

const lingering = new WeakSet<Socket>()

/** Whether the request's connection is lingering after an answer: what is read of its body now is discarded. */
export const isLingering = (incoming: IncomingMessage): boolean => incoming.socket !== null && lingering.has(incoming.socket as Socket)

/**
 * Lingering close, for an answer given before the request's body was read (a
 * 413, a refusal) and followed by Connection: close. Closing the socket with
 * the body still arriving makes the kernel answer it with a reset, and a
 * client still sending (curl's one write of 1 MB, no `Expect: 100-continue`)
 * then reads the reset, which throws away the answer it had already received.
 * So the write side is ended after the answer (the client reads it, then the
 * end) and the body is read on and discarded until it ends or the client
 * hangs up, for LINGER_MS and LINGER_BYTES at most: a client that never
 * stops sending is cut off then, and holds no socket longer.
 *
 * Node closes the connection after such an answer with `socket.destroySoon()`
 * (so does the adapter, once it has drained for a moment): that call is what
 * this socket's own `destroySoon` replaces. Reading starts now, as the answer
 * goes out; a request whose body has arrived whole needs none of this.
 */
export function lingerAfterAnswer(incoming: IncomingMessage): void {
  const socket = incoming.socket as Socket | null
  if (incoming.complete || !socket || socket.destroyed || lingering.has(socket)) return
  lingering.add(socket)
  let read = 0
  let answered = false
  let timer: NodeJS.Timeout | undefined
  const cut = () => socket.destroy()
  // Closes once the answer is written out, as Node would have at once.
  const close = () => Socket.prototype.destroySoon.call(socket)
  // From now on this is the body's one reader: anyone reading it before (the
  // adapter's stream of a chunked body) has had its answer, and would only
  // pile the rest up in memory.
  incoming.removeAllListeners('data')
  incoming.on('data', (chunk: Buffer) => {
    read += chunk.length
    if (read > LINGER_BYTES) cut()
  })
  incoming.once('end', () => answered && close())
  incoming.resume()
  socket.once('close', () => clearTimeout(timer))
  socket.destroySoon = () => {
    if (answered) return
    answered = true
    if (incoming.complete) return close()
    socket.end()
    socket.once('end', close)
    timer = setTimeout(cut, LINGER_MS)
    timer.unref()
  }
}
