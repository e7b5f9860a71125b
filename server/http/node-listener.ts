import { getRequestListener, RequestError } from '@hono/node-server'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { COMMON, errorBody } from './errors'
import { isLingering } from './linger'
import { API_HEADERS } from './security-headers'

/** Requests of one connection in the works at once (their answers not yet sent) before it is cut off. */
export const PIPELINED_MAX = 16

type Fetch = (req: Request, env: unknown) => Response | Promise<Response>

/**
 * An answer of our own where the adapter cannot make a Request to hand the app
 * (a Host header that is no host, a path that is no URL): the JSON error every
 * other refusal has, with the API's safety headers, then the connection closed.
 */
function refused(err: unknown): Response {
  const bad = err instanceof RequestError
  return new Response(JSON.stringify(errorBody(bad ? COMMON.REQUEST_REFUSED : COMMON.INTERNAL_ERROR)), {
    status: bad ? 400 : 500,
    headers: [['Content-Type', 'application/json'], ...API_HEADERS, ['Connection', 'close']],
  })
}

/**
 * Node's HTTP server around the app, as @hono/node-server's `serve` makes it, with two guards it lacks.
 * Node hands the app every request a chunk holds at once and queues their answers behind the first the
 * client has not read: a client that pipelines without reading would have the server do all of that work
 * and hold every answer in memory. So a connection with more than PIPELINED_MAX requests unanswered is
 * closed (no browser pipelines), and a request whose connection is gone is not started.
 */
export function nodeServer(fetch: Fetch, hostname: string): Server {
  const listener = getRequestListener(fetch, { hostname, errorHandler: refused })
  const open = new WeakMap<Socket, number>()
  const server = createServer((incoming, outgoing) => {
    const socket = incoming.socket
    if (socket.destroyed) return
    // Node gives an answer its socket at once unless one before it is still unsent: only those queued are
    // counted, so a client that does not pipeline (every browser) costs this nothing but the check.
    if (!outgoing.socket) {
      const queued = (open.get(socket) ?? 0) + 1
      if (queued >= PIPELINED_MAX) return void socket.destroy()
      open.set(socket, queued)
      outgoing.once('close', () => open.set(socket, (open.get(socket) ?? 1) - 1))
    }
    void listener(incoming, outgoing)
  })
  // Without a listener of its own, Node answers 100 Continue as soon as the head is read.
  server.on('checkContinue', (incoming: IncomingMessage, outgoing: ServerResponse) => {
    continueOnRead(incoming, outgoing)
    server.emit('request', incoming, outgoing)
  })
  return server
}

/**
 * `Expect: 100-continue`: the client sends its body only once told to. Node tells it at once, before the
 * app has looked at the request, so a body refused by its declared length (413: body-limit.ts) or by a
 * missing credential was uploaded all the same, to be discarded. Here 100 Continue goes out when the body
 * is first read, whoever reads it; an answer given first goes without it (Node then closes the connection),
 * and so does the reading that only discards what a client sends regardless (linger.ts).
 */
function continueOnRead(incoming: IncomingMessage, outgoing: ServerResponse): void {
  const read = incoming._read
  incoming._read = function (size) {
    incoming._read = read
    if (!outgoing.headersSent && !isLingering(incoming)) outgoing.writeContinue()
    read.call(this, size)
  }
}
