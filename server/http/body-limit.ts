import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { IncomingMessage } from 'node:http'
import { HttpError, errorTable } from './errors'
import { lingerAfterAnswer } from './linger'

export const FRAMING = errorTable({
  BODY_ENCODING_UNSUPPORTED: (coding: string) =>
    `The request body is sent with Transfer-Encoding ${JSON.stringify(coding.slice(0, 40))}, which this server does not read: send it chunked alone, or with a Content-Length.`,
})
const CHUNKED = /^[ \t]*chunked[ \t]*$/i

const incomingOf = (c: Context) => (c.env as { incoming?: IncomingMessage } | undefined)?.incoming

/**
 * Marks the answer `Connection: close` when the request's body was not read
 * to its end (a 413, or any answer given before the body was read), and
 * lingers: the rest is read and discarded for a bounded while before the
 * connection is cut (linger.ts), so the client reads the answer, not a reset.
 * A client told keep-alive would send its next request into that cut.
 */
function closeIfUnread(c: Context): void {
  const incoming = incomingOf(c)
  if (incoming && !incoming.complete) {
    c.header('Connection', 'close')
    lingerAfterAnswer(incoming)
  }
}

/**
 * Hono's bodyLimit, without its cost on the common path. bodyLimit reads
 * `c.req.raw.body` first, and on @hono/node-server that one property turns
 * the adapter's lightweight request into a full Web Request (a ReadableStream
 * and all) for every request, GETs included: on a cheap route it was most of
 * the time spent. A declared Content-Length without chunked encoding is checked
 * from the headers alone (the HTTP parser holds the body to it), exactly as
 * bodyLimit checks it, and a GET or HEAD with neither header has no body.
 * Everything else (chunked bodies, in-process requests) goes through bodyLimit.
 * A 413 always says `Connection: close`, and so does any answer to a request
 * whose body is left unread; both linger before the connection is cut.
 *
 * A transfer coding besides chunked (`Transfer-Encoding: gzip, chunked`) is
 * refused 501 (RFC 9112 §6.1), as readJsonObject refuses a Content-Encoding
 * 415: Node's parser takes the chunks off and leaves the gzip, and those
 * bytes were read as if they were the body.
 *
 * It earns its place: in an interleaved A/B of key verification over a
 * socket (bench/ab-verify.ts: PGlite, 10 connections, 5 rounds of 5 s, each
 * round both sides in turn; load average 24-28 on two shared cores), Hono's
 * bodyLimit on every request cost 2.60x the CPU per call (median; rounds
 * 2.26-3.62x) and answered 0.44x as many calls a second (rounds 0.26-0.55x).
 */
export function fastBodyLimit(maxSize: number, onError: () => never): MiddlewareHandler {
  // Refused before the body is read: said closed, and lingering.
  const closeUnread = (c: Context) => {
    c.header('Connection', 'close')
    const incoming = incomingOf(c)
    if (incoming) lingerAfterAnswer(incoming)
  }
  const tooLarge = (c: Context): never => {
    closeUnread(c)
    return onError()
  }
  const full = bodyLimit({ maxSize, onError: tooLarge })
  const closing = (c: Context) => () => closeIfUnread(c)
  // Not async: a layer that only passes on is cheaper without a promise of its own.
  const unknownCoding = (c: Context, coding: string): never => {
    closeUnread(c)
    throw new HttpError(501, FRAMING.BODY_ENCODING_UNSUPPORTED(coding))
  }
  return (c, next) => {
    const coding = c.req.header('transfer-encoding')
    if (coding === undefined) {
      const length = c.req.header('content-length')
      if (length !== undefined) {
        const size = parseInt(length, 10)
        if (size > maxSize) return tooLarge(c)
        return size > 0 ? next().then(closing(c)) : next()
      }
      if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    } else if (!CHUNKED.test(coding)) return unknownCoding(c, coding)
    return full(c, next).then(closing(c))
  }
}
