/**
 * `flex-portal/verify`: checks an API key a client presented to your API
 * against a Flex Portal server's `POST /keys/verify`. No dependencies; it
 * needs only `fetch`, so it runs on Node 18+, Deno, Bun and edge runtimes.
 */

import { VERIFY_KEY_MAX, type Verification } from '../contract/constants.js'

/** The server's answer (`POST /keys/verify`). */
export type { Verification }

export interface VerifierOptions {
  /** The server's verify address, e.g. `https://portal.example.com/api/keys/verify`. */
  url: string
  /** The server's SERVICE_TOKEN. Keep it out of logs and source control. */
  serviceToken: string
  /** How long an answer, valid or not, is reused (default 5). A deleted key, or a change of its restrictions, is seen within this. 0: no cache. */
  cacheSeconds?: number
  /** Most answers kept (default 10,000); the oldest goes first. */
  cacheSize?: number
  /** Another fetch (tests, a runtime's own); default the global one. */
  fetch?: typeof fetch
}

/** What a call asks beyond the key (both optional): the client's address, and the scopes the call needs. */
export interface VerifyAsk {
  /** The client's IPv4 or IPv6 address: a key with an allowlist is refused (IP_NOT_ALLOWED) from elsewhere, or without one. */
  ip?: string
  /** Scopes the call needs, all of which the key must hold (else INSUFFICIENT_SCOPE with `missingScopes`). */
  scopes?: readonly string[]
}

export interface Verifier {
  /**
   * The server's answer for `key` (and `ask`). Rejects with a VerifierUnavailable when the
   * server cannot be asked (network, 5xx, a wrong service token): that is not
   * an invalid key, and is never cached.
   */
  verify(key: string, ask?: VerifyAsk): Promise<Verification>
}

/** The server could not give an answer: the key is neither valid nor invalid. Answer 503, not 401. */
export class VerifierUnavailable extends Error {
  override readonly name = 'VerifierUnavailable'
  /** The server's HTTP status, when it answered. */
  readonly status: number | undefined
  constructor(message: string, status?: number, options?: { cause?: unknown }) {
    super(message, options)
    this.status = status
  }
}

type Entry = { answer: Verification; until: number }

// Something that can be an IPv4 or IPv6 address (the server checks it exactly); no node:net, so edge runtimes can run this.
const IP = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-f:]*:[0-9a-f:.]*)$/i

/** Makes a verifier: answers are cached briefly, and concurrent checks of one key share one call. */
export function createVerifier({ url, serviceToken, cacheSeconds = 5, cacheSize = 10_000, fetch: fetchFn }: VerifierOptions): Verifier {
  if (!url) throw new TypeError('createVerifier: url is required.')
  if (!serviceToken) throw new TypeError('createVerifier: serviceToken is required.')
  const call = fetchFn ?? globalThis.fetch
  if (typeof call !== 'function') throw new TypeError('createVerifier: no fetch in this runtime; pass one as `fetch`.')
  const ttl = Math.max(0, cacheSeconds) * 1000
  // Keyed by the key itself, in this process's memory only, as the client sent it.
  const cache = new Map<string, Entry>()
  const inFlight = new Map<string, Promise<Verification>>()

  async function ask(key: string, more: VerifyAsk | undefined): Promise<Verification> {
    let res: Response
    try {
      res = await call(url, {
        method: 'POST',
        headers: { Authorization: `Bearer ${serviceToken}`, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(
          more ? { key, ...(more.ip !== undefined ? { ip: more.ip } : {}), ...(more.scopes?.length ? { scopes: more.scopes } : {}) } : { key },
        ),
      })
    } catch (err) {
      throw new VerifierUnavailable('The key server could not be reached.', undefined, { cause: err })
    }
    // The server refuses a key that cannot be one (too long, unstorable text) as a bad request: it is no key of its.
    if (res.status === 400) {
      await res.body?.cancel().catch(() => {})
      return { valid: false, code: 'NOT_FOUND' }
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => {})
      throw new VerifierUnavailable(`The key server answered ${res.status}.`, res.status)
    }
    let body: unknown
    try {
      body = await res.json()
    } catch (err) {
      throw new VerifierUnavailable('The key server sent an answer that is not JSON.', res.status, { cause: err })
    }
    if (!isVerification(body)) throw new VerifierUnavailable('The key server sent an answer of an unknown shape.', res.status)
    return body
  }

  return {
    verify(key, more) {
      // A key that cannot be one is refused here: no call, nothing cached.
      if (typeof key !== 'string' || key.length === 0 || key.length > VERIFY_KEY_MAX) return Promise.resolve({ valid: false, code: 'NOT_FOUND' })
      // An address the server would refuse as one (400) is sent as none: a key with an allowlist is then refused, others pass.
      const ip = more?.ip !== undefined && IP.test(more.ip) ? more.ip : undefined
      const asked = ip !== undefined || more?.scopes?.length ? { ip, scopes: more?.scopes } : undefined
      // Each answer is for its key, address and scopes together: it is reused only for the same three, and for at most
      // cacheSeconds, so a deleted key or a changed restriction is seen within that time, as before restrictions.
      const entry = asked ? `${key}\n${asked.ip ?? ''}\n${asked.scopes?.join(' ') ?? ''}` : key
      const now = Date.now()
      const hit = cache.get(entry)
      if (hit) {
        if (hit.until > now) return Promise.resolve(hit.answer)
        cache.delete(entry)
      }
      const pending = inFlight.get(entry)
      if (pending) return pending
      const p = ask(key, asked)
        .then((answer) => {
          if (ttl > 0) {
            if (cache.size >= cacheSize) cache.delete(cache.keys().next().value!)
            cache.set(entry, { answer, until: Date.now() + ttl })
          }
          return answer
        })
        .finally(() => inFlight.delete(entry))
      inFlight.set(entry, p)
      return p
    },
  }
}

function isVerification(x: unknown): x is Verification {
  if (typeof x !== 'object' || x === null) return false
  const v = x as Record<string, unknown>
  if (v.valid === true) return typeof v.keyId === 'string' && typeof v.projectId === 'string'
  return v.valid === false && typeof v.code === 'string'
}
