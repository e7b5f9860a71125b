/**
 * The API the widget talks to in these tests: msw answers every fetch the
 * widget makes, from a table keyed by "METHOD /path" (the path as requested,
 * api-base included), and records each call with its parsed JSON body and
 * headers. Every reply is checked against the contract (contract-replies.ts);
 * one that is not what the server sends fails the test (setup.ts), unless it
 * is marked offContract: a proxy's HTML page, a body of the wrong shape, sent
 * on purpose to test how the widget copes.
 */
import './node-globals'
// msw's http handlers alone: its main entry adds GraphQL and WebSocket handlers, loaded again for every test file.
import { http } from 'msw/core/http'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { checkReply } from './contract-replies'

export const mockServer = setupServer()

// A test file that imports this mock gets it (and only such a file pays for loading msw).
// A fetch no test answers goes on to the network, as it would without the mock.
beforeAll(() => mockServer.listen({ onUnhandledRequest: 'bypass' }))
afterEach(() => {
  mockServer.resetHandlers()
  const found = takeDrift()
  if (found.length > 0) throw new Error(found.join('\n'))
})
afterAll(() => mockServer.close())

export interface ApiCall {
  method: string
  /** As the widget asked for it: the path alone for one on this page's origin. */
  url: string
  headers: Record<string, string>
  /** Parsed JSON body, undefined when none was sent. */
  body: unknown
  credentials: RequestCredentials
  signal: AbortSignal | null
}

/**
 * A reply: a plain value becomes a JSON response (200 unless `status` says
 * otherwise); a Response is sent as it is; a function makes one for the call,
 * and its rejection is a failed fetch (no answer at all).
 */
export type Reply = Response | { status?: number; body?: unknown } | ((call: ApiCall) => Response | Promise<Response>)

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

const unchecked = new WeakSet<object>()

/** A reply no server of the contract sends, sent on purpose: not checked. */
export function offContract<R extends Reply>(reply: R): R {
  unchecked.add(reply)
  return reply
}

let drift: string[] = []

/** The replies of the test that just ran that were not what the server sends; forgotten once read. */
export function takeDrift(): string[] {
  const found = drift
  drift = []
  return found
}

/** A promise you settle yourself: for holding a call pending. */
export function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (reason: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

function toHeaders(h: Headers): Record<string, string> {
  const out: Record<string, string> = {}
  h.forEach((value, key) => (out[key.toLowerCase()] = value))
  return out
}

async function check(method: string, pathname: string, response: Response): Promise<void> {
  const text = await response.clone().text()
  if (!text && (response.status === 204 || response.status === 304)) return
  try {
    checkReply(method, pathname, response.status, JSON.parse(text || 'null'))
  } catch (e) {
    drift.push(e instanceof SyntaxError ? `mock API: the reply to ${method} ${pathname} is not JSON: mark it offContract` : (e as Error).message)
  }
}

/** Answers the widget's calls from `routes` (replacing any table set before in this test); anything else gets a 404. */
export function mockApi(routes: Record<string, Reply>) {
  const calls: ApiCall[] = []
  mockServer.use(
    http.all('*', async ({ request }) => {
      const url = new URL(request.url)
      const path = url.pathname + url.search
      const method = request.method.toUpperCase()
      const call: ApiCall = {
        method,
        url: url.origin === location.origin ? path : request.url,
        headers: toHeaders(request.headers),
        body: undefined,
        credentials: request.credentials,
        signal: request.signal,
      }
      calls.push(call)
      const text = await request.clone().text()
      call.body = text ? JSON.parse(text) : undefined
      const reply = routes[`${method} ${path}`] ?? routes[`${method} ${url.pathname}`]
      if (!reply) return json({ message: `No stub for ${method} ${path}` }, 404)
      let response: Response
      if (typeof reply === 'function') {
        try {
          response = await reply(call)
        } catch {
          return Response.error()
        }
      } else response = reply instanceof Response ? reply.clone() : json(reply.body ?? {}, reply.status ?? 200)
      if (!unchecked.has(reply)) await check(method, url.pathname, response)
      return response
    }),
  )
  return {
    calls,
    /** Calls to one "METHOD /path". */
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.url.replace(/^https?:\/\/[^/]+/, '')}` === key),
  }
}
