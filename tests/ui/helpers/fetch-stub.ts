/**
 * A fetch stub keyed by "METHOD /path" (the path as requested, api-base
 * included). Records every call with its parsed JSON body and headers.
 */
import { vi } from 'vitest'

export interface StubbedCall {
  method: string
  url: string
  headers: Record<string, string>
  /** Parsed JSON body, undefined when none was sent. */
  body: unknown
  signal: AbortSignal | null
}

/** A reply: a plain value becomes a 200 JSON response; a Response is used as-is. */
export type Reply = Response | { status?: number; body?: unknown } | ((call: StubbedCall) => Response | Promise<Response>)

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

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

function toHeaders(h: HeadersInit | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  new Headers(h).forEach((value, key) => (out[key.toLowerCase()] = value))
  return out
}

export function stubFetch(routes: Record<string, Reply>) {
  const calls: StubbedCall[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const method = (init.method ?? 'GET').toUpperCase()
    const call: StubbedCall = {
      method,
      url,
      headers: toHeaders(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      signal: init.signal ?? null,
    }
    calls.push(call)
    const path = url.replace(/^https?:\/\/[^/]+/, '')
    const reply = routes[`${method} ${path}`] ?? routes[`${method} ${path.split('?')[0]}`]
    if (!reply) return json({ message: `No stub for ${method} ${path}` }, 404)
    if (typeof reply === 'function') return reply(call)
    if (reply instanceof Response) return reply.clone()
    return json(reply.body ?? {}, reply.status ?? 200)
  })
  vi.stubGlobal('fetch', fetchMock)
  return {
    calls,
    fetch: fetchMock,
    /** Calls to one "METHOD /path". */
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.url.replace(/^https?:\/\/[^/]+/, '')}` === key),
  }
}
