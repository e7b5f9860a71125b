/**
 * A small HTTP/1.1 client for the load and chaos runs: node:http with a
 * keep-alive agent, so a reset on a kept-alive connection shows as exactly
 * that (ECONNRESET / "socket hang up"), not as a generic fetch failure.
 */
import { Agent, request } from 'node:http'

export interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

export type Outcome = { ok: true; answer: Answer } | { ok: false; code: string }

export const keepAliveAgent = (maxSockets = 16) => new Agent({ keepAlive: true, maxSockets })

export function send(
  agent: Agent,
  url: string,
  opts: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Outcome> {
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body)
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        agent,
        method: opts.method ?? 'GET',
        headers: {
          ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) } : {}),
          ...(opts.token ? { Authorization: `Bearer ${opts.token}` } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (d: string) => (body += d))
        res.on('end', () => resolve({ ok: true, answer: { status: res.statusCode ?? 0, headers: res.headers, body } }))
        res.on('error', (err: NodeJS.ErrnoException) => resolve({ ok: false, code: err.code ?? err.message }))
      },
    )
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ ok: false, code: err.code ?? err.message }))
    req.end(payload)
  })
}

/** Sends and parses JSON, throwing on anything but a 2xx: for setting the stage. */
export async function sendJson<T>(agent: Agent, url: string, opts: { method?: string; token?: string; body?: unknown } = {}): Promise<T> {
  const out = await send(agent, url, opts)
  if (!out.ok) throw new Error(`${opts.method ?? 'GET'} ${url}: ${out.code}`)
  if (out.answer.status >= 300) throw new Error(`${opts.method ?? 'GET'} ${url}: ${out.answer.status} ${out.answer.body.slice(0, 200)}`)
  return (out.answer.body ? JSON.parse(out.answer.body) : null) as T
}

/** A device, then an account; resolves with its access token. */
export async function newAccount(agent: Agent, api: string, tag: string): Promise<string> {
  const { accessToken: device } = await sendJson<{ accessToken: string }>(agent, `${api}/device`, {
    method: 'POST',
    body: { deviceUDID: `bench-${tag}`, deviceType: 'WEB' },
  })
  const { accessToken } = await sendJson<{ accessToken: string }>(agent, `${api}/register`, {
    method: 'POST',
    token: device,
    body: { name: `Bench ${tag}`, email: `bench-${tag}-${Date.now()}@example.com`, password: 'correct horse battery staple' },
  })
  return accessToken
}
