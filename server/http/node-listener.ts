import { getRequestListener, RequestError } from '@hono/node-server'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { COMMON, errorBody, type Coded } from './errors'
import { isLingering } from './linger'
import { API_HEADERS } from './security-headers'

/** Requests of one connection in the works at once (their answers not yet sent) before it is cut off. */
export const PIPELINED_MAX = 16

type Fetch = (req: Request, env: unknown) => Response | Promise<Response>

/** How long a client has to send a request once it has begun: its head, and the whole of it, body included. */
export interface RequestBounds {
  headersMs: number
  requestMs: number
}

/**
 * Node's own bounds (60 s for the head, 300 s for the whole request) let a client that trickles a body a byte
 * at a time hold a socket, and a slot of its address's limits, for five minutes; enough of them take every
 * socket the process has. What a request here carries is small: a head browsers send in one packet, and a
 * body of at most 64 kB (256 kB for the provider's webhook messages, sent by a server). 15 s for the head and
 * 30 s for the whole is ample on a slow mobile link (64 kB in 30 s is 2 kB/s), and bounds what a stalled
 * client holds. These bound receiving the request only: once its body is in, an answer may take as long as
 * it takes (a slow download is not cut), and an idle keep-alive connection has its own, shorter, timeout.
 */
export const REQUEST_BOUNDS: RequestBounds = { headersMs: 15_000, requestMs: 30_000 }

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

/** What Node's parser refuses (or times out) before a request exists, answered as every other refusal is. */
const CLIENT_ERRORS: Record<string, readonly [number, string, Coded]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', COMMON.REQUEST_TIMEOUT],
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', COMMON.HEADERS_TOO_LARGE],
  // Node's own answer is a 413 here too: the body's framing, not its syntax, is over a bound.
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'Payload Too Large', COMMON.CHUNK_EXTENSIONS_TOO_LARGE],
}

/**
 * A request Node's parser cannot take (a malformed request line or header, a head over its 16 kB, a request past
 * its bounds): Node's own answer is a bare status line, with no body and none of the API's safety headers. Here it
 * is the JSON error, code included, with those headers, then the connection closed, as Node does. A client that
 * is gone, or an answer already begun, gets nothing more.
 */
function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  const answering = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage
  if (err.code !== 'ECONNRESET' && socket.writable && !answering?.headersSent) {
    const [status, reason, error] = CLIENT_ERRORS[err.code ?? ''] ?? [400, 'Bad Request', COMMON.REQUEST_REFUSED]
    const body = JSON.stringify(errorBody(error))
    const headers = [['Content-Type', 'application/json'], ['Content-Length', String(Buffer.byteLength(body))], ...API_HEADERS, ['Connection', 'close']]
    socket.write(`HTTP/1.1 ${status} ${reason}\r\n${headers.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n${body}`)
  }
  socket.destroy()
}

/**
 * Node's HTTP server around the app, as @hono/node-server's `serve` makes it, with two guards it lacks.
 * Node hands the app every request a chunk holds at once and queues their answers behind the first the
 * client has not read: a client that pipelines without reading would have the server do all of that work
 * and hold every answer in memory. So a connection with more than PIPELINED_MAX requests unanswered is
 * closed (no browser pipelines), and a request whose connection is gone is not started. A client has
 * `bounds` to send its request (REQUEST_BOUNDS); what Node's parser refuses is answered as the API's refusals are
 * (answerClientError).
 */
export function nodeServer(fetch: Fetch, hostname: string, bounds: RequestBounds = REQUEST_BOUNDS): Server {
  const listener = getRequestListener(fetch, { hostname, errorHandler: refused })
  const open = new WeakMap<Socket, number>()
  const timeouts = {
    headersTimeout: bounds.headersMs,
    requestTimeout: bounds.requestMs,
    // Node looks for requests past their bound only this often (30 s by default, which would let one run
    // 30 s over): a quarter of the head's bound cuts a stalled client at most a quarter late.
    connectionsCheckingInterval: Math.max(100, Math.floor(Math.min(bounds.headersMs, bounds.requestMs) / 4)),
  }
  // Past a bound Node gives up the request (unless an answer has begun): answered 408 by answerClientError.
  const server = createServer(timeouts, (incoming, outgoing) => {
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
  server.on('clientError', answerClientError)
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
