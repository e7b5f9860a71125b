/**
 * What the widget sends to the API, recorded as Chromium puts it on the wire.
 * Tokens are never returned in a form a failing assertion would print: each
 * Authorization header is reduced to which token it carried.
 */
import type { BrowserContext, Request, Response } from '@playwright/test'

export type Credential = 'none' | 'device token' | 'access token' | 'unknown token' | 'not a bearer header'

export interface WireCall {
  method: string
  /** Path and query, e.g. `/api/manage/dapp/owner`. */
  path: string
  /** Parsed JSON body; null when none was sent. */
  body: unknown
  credential: Credential
  /** For an access token: which one, counting sign-ups and log-ins from 1 in the order they answered. */
  accessTokenNumber: number | null
  status: number | null
  /** The page itself dropped the call before its answer (a screen's read superseded or left): no status, and no fault of the server's. */
  aborted: boolean
}

interface Raw {
  request: Request
  authorization: Promise<string | undefined>
  response: Promise<Response | null>
}

export class WireRecorder {
  private raw: Raw[] = []
  private deviceTokens = new Set<string>()
  /** In the order the API issued them. */
  private accessTokens: string[] = []
  /** Every secret the API handed out (tokens, keys, webhook secrets), to check none leaks into a URL. */
  private secrets = new Set<string>()
  private pending: Promise<void>[] = []

  constructor(
    context: BrowserContext,
    private readonly apiPrefix = '/api/',
  ) {
    context.on('request', (request) => {
      if (!new URL(request.url()).pathname.startsWith(this.apiPrefix)) return
      const response = request.response()
      this.raw.push({ request, authorization: request.headerValue('authorization').then((v) => v ?? undefined), response })
      this.pending.push(response.then((r) => (r ? this.learn(request, r) : undefined)).catch(() => undefined))
    })
  }

  /** Remembers the tokens and secrets the API hands out, to recognise them later. */
  private async learn(request: Request, response: Response): Promise<void> {
    if (!response.ok()) return
    let body: unknown
    try {
      body = await response.json()
    } catch {
      return
    }
    if (!body || typeof body !== 'object') return
    const path = new URL(request.url()).pathname.slice(this.apiPrefix.length - 1)
    const method = request.method()
    const fields = body as { accessToken?: unknown; apiKey?: unknown; webhookSecret?: unknown }
    const strings = (value: unknown) => (value && typeof value === 'object' ? Object.values(value).filter((v): v is string => typeof v === 'string') : [])
    if (typeof fields.accessToken === 'string') {
      if (path === '/device') this.deviceTokens.add(fields.accessToken)
      if (path === '/register' || path === '/auth/authenticate') this.accessTokens.push(fields.accessToken)
      this.secrets.add(fields.accessToken)
    }
    // Whole keys and the webhook secret exist only in the two create answers.
    if (method === 'POST' && path === '/manage/dapp') {
      for (const key of strings(fields.apiKey)) this.secrets.add(key)
      if (typeof fields.webhookSecret === 'string') this.secrets.add(fields.webhookSecret)
    }
    if (method === 'POST' && /^\/manage\/dapp\/[^/]+\/api-key$/.test(path)) for (const key of strings(body)) this.secrets.add(key)
  }

  async calls(): Promise<WireCall[]> {
    await Promise.all(this.pending)
    const out: WireCall[] = []
    for (const { request, authorization, response } of this.raw) {
      const url = new URL(request.url())
      const header = await authorization
      const settled = await response.catch(() => null)
      out.push({
        method: request.method(),
        path: url.pathname + url.search,
        body: parseBody(request),
        credential: this.classify(header),
        accessTokenNumber: this.accessTokenNumber(header),
        status: settled?.status() ?? null,
        aborted: !settled && request.failure()?.errorText === 'net::ERR_ABORTED',
      })
    }
    return out
  }

  /** URLs that carry a token, key or secret the API issued (there must be none). */
  async urlsWithSecrets(): Promise<string[]> {
    await Promise.all(this.pending)
    return this.raw
      .map(({ request }) => request.url())
      .filter((url) => [...this.secrets].some((secret) => secret.length >= 8 && url.includes(secret)))
      .map((url) => url.replace(/[A-Za-z0-9_-]{16,}/g, '<redacted>'))
  }

  private accessTokenNumber(header: string | undefined): number | null {
    const index = header ? this.accessTokens.indexOf(header.replace(/^Bearer /, '')) : -1
    return index === -1 ? null : index + 1
  }

  private classify(header: string | undefined): Credential {
    if (header === undefined) return 'none'
    const match = /^Bearer (.+)$/.exec(header)
    if (!match) return 'not a bearer header'
    if (this.deviceTokens.has(match[1])) return 'device token'
    if (this.accessTokens.includes(match[1])) return 'access token'
    return 'unknown token'
  }
}

function parseBody(request: Request): unknown {
  const text = request.postData()
  if (text === null || text === '') return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return `(not JSON: ${text.length} characters)`
  }
}
