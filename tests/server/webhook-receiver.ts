import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** What a test's receiver got: one entry per request. */
export interface Received {
  headers: IncomingHttpHeaders
  body: string
  /** The request's webhook-id. */
  id: string
}

/** How the receiver answers the nth request (0-based) it gets; default 200 "ok". */
export type Answer = (req: Received, n: number, res: ServerResponse) => void

/**
 * A local HTTP server that stands in for a developer's endpoint: it records
 * every request and lets a test await a condition on what it has received.
 */
/** `port` 0 picks a free one. */
export async function startReceiver(answer: Answer = (_req, _n, res) => res.end('ok'), port = 0) {
  const received: Received[] = []
  const waiters: Array<{ check: () => boolean; resolve: () => void }> = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const r = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), id: String(req.headers['webhook-id']) }
      received.push(r)
      answer(r, received.length - 1, res)
      for (const w of [...waiters]) {
        if (w.check()) {
          waiters.splice(waiters.indexOf(w), 1)
          w.resolve()
        }
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const bound = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${bound}/hook`,
    port: bound,
    received,
    /** Resolves once `check` holds for what has been received. */
    until(check: (received: Received[]) => boolean): Promise<void> {
      if (check(received)) return Promise.resolve()
      return new Promise((resolve) => waiters.push({ check: () => check(received), resolve }))
    },
    /** Resolves once a request with webhook-id `id` has come `times` times. */
    got(id: string, times = 1) {
      return this.until((all) => all.filter((r) => r.id === id).length >= times)
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>
