/**
 * `flex-portal/verify`: checks an API key a client presented to your API
 * against a Flex Portal server's `POST /keys/verify`. No dependencies; it
 * needs only `fetch`, so it runs on Node, Deno, Bun and edge runtimes.
 */

import {
  IP_ADDRESS_INVALID,
  isScopeList,
  MAX_VERIFY_SCOPES,
  SCOPES_INVALID,
  VERIFY_KEY_MAX,
  VERIFY_SCOPE_MAX,
  type Verification,
} from '../contract/constants.js'
import { checkNumbers } from './options-check.js'
import { readableEntry } from './request-entry.js'
import { requestLogReporter, type RequestLogEntry, type RequestLogOptions, type RequestLogReporter, type RequestLogStats } from './request-log.js'

/** The server's answer (`POST /keys/verify`). */
export type { Verification }

export interface VerifierOptions {
  /** The server's verify address, e.g. `https://portal.example.com/api/keys/verify`. */
  url: string
  /** The server's SERVICE_TOKEN. Keep it out of logs and source control. */
  serviceToken: string
  /** How long an answer, valid or not, is reused (default 5). A deleted key, or a change of its restrictions, is seen within this. 0: no cache. */
  cacheSeconds?: number
  /** Most answers kept (default 10,000); the oldest goes first. 0: no cache. */
  cacheSize?: number
  /** How long a check waits for the server before it is given up (default 5,000 ms): the request is then answered 503, not held. */
  timeoutMs?: number
  /** Another fetch (tests, a runtime's own); default the global one. */
  fetch?: typeof fetch
  /** Where and how the middlewares' request logs (`{ requestLogs: true }`) are sent; the defaults suit most. */
  requestLogs?: RequestLogOptions
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
  /**
   * Queues one request log entry, for a framework without a middleware here; never throws, never waits. The entry
   * is made readable as the middlewares make theirs (a request id that is not 1 to 100 letters, digits, `.`, `_`, `:`
   * or `-` is replaced by a UUID, a method that is no HTTP token is OTHER, a route is cut to 200 characters, a
   * duration kept within 0 ms and a day); one without a key id, an HTTP status or a time is refused, alone.
   */
  logRequest(entry: RequestLogEntry): void
  /** What request logging has sent, dropped (queue full), refused and holds. */
  requestLogStats(): RequestLogStats
  /** Sends the request log entries queued now. Never rejects. */
  flush(): Promise<void>
  /** For a clean shutdown: sends what is queued, then stops request logging. Never rejects. */
  close(): Promise<void>
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

// The middlewares' own entries are readable as made: they skip logRequest's check, which would read each time back from
// its text, on every request (entry-json.ts formats it once a second to keep that cost off the request's way).
const MADE = Symbol('flex-portal.requestLogEntry')
type WithMade = Verifier & { [MADE]?: (entry: RequestLogEntry) => void }

/** Queues an entry a middleware made; a verifier of another making (a test's) gets it through logRequest. */
export function logMade(verifier: Verifier, entry: RequestLogEntry): void {
  const made = (verifier as WithMade)[MADE]
  if (made) made(entry)
  else verifier.logRequest(entry)
}

// Something that can be an IPv4 or IPv6 address (the server checks it exactly); no node:net, so edge runtimes can run this.
const IP = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-f:]*:[0-9a-f:.]*)$/i

/** Makes a verifier: answers are cached briefly, and concurrent checks of one key share one call. */
export function createVerifier({
  url,
  serviceToken,
  cacheSeconds = 5,
  cacheSize = 10_000,
  timeoutMs = 5000,
  fetch: fetchFn,
  requestLogs,
}: VerifierOptions): Verifier {
  if (!url) throw new TypeError('createVerifier: url is required.')
  if (!serviceToken) throw new TypeError('createVerifier: serviceToken is required.')
  const call = fetchFn ?? globalThis.fetch
  if (typeof call !== 'function') throw new TypeError('createVerifier: no fetch in this runtime; pass one as `fetch`.')
  checkNumbers('createVerifier', { cacheSeconds, cacheSize, timeoutMs }, { cacheSeconds: [0], cacheSize: [0, true], timeoutMs: [1] })
  // Checked now, not when the first entry makes the reporter: logging an entry must never throw.
  checkNumbers('createVerifier requestLogs', requestLogs, { maxQueue: [1, true], batchSize: [1, true], intervalMs: [0], timeoutMs: [1] })
  const ttl = cacheSeconds * 1000
  // Keyed by the key itself, in this process's memory only, as the client sent it.
  const cache = new Map<string, Entry>()
  const inFlight = new Map<string, Promise<Verification>>()
  // Made at the first entry: a verifier whose middlewares log nothing sends nothing.
  let reporter: RequestLogReporter | undefined
  const logs = () => (reporter ??= requestLogReporter(requestLogs?.url ?? logsUrl(url), serviceToken, call, requestLogs))

  // A server that takes the connection and never answers would hold every request of the key until the runtime's own
  // limit (minutes): the check, its answer's body included, is given up after timeoutMs.
  const late = (err: unknown) => err instanceof Error && err.name === 'TimeoutError'
  const unavailable = (err: unknown, what: string, status?: number) =>
    new VerifierUnavailable(late(err) ? `The key server did not answer within ${timeoutMs} ms.` : what, status, { cause: err })

  async function ask(key: string, more: VerifyAsk | undefined): Promise<Verification> {
    let res: Response
    try {
      res = await call(url, {
        method: 'POST',
        headers: { Authorization: `Bearer ${serviceToken}`, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(
          more ? { key, ...(more.ip !== undefined ? { ip: more.ip } : {}), ...(more.scopes?.length ? { scopes: more.scopes } : {}) } : { key },
        ),
        signal: AbortSignal.timeout(timeoutMs),
        // A redirect is answered as the server's answer (unavailable, with its status), never followed: a 307 would send
        // the client's key again, to wherever it points, and a wrong url says so instead of failing further on.
        redirect: 'manual',
      })
    } catch (err) {
      throw unavailable(err, 'The key server could not be reached.')
    }
    let body: unknown
    try {
      body = await res.json()
    } catch (err) {
      if (res.ok || late(err)) throw unavailable(err, 'The key server sent an answer that is not JSON.', res.status)
    }
    if (res.status === 400) {
      const code = (body as { code?: unknown } | undefined)?.code
      // An address the server does not take as one is asked as none (a key with an allowlist is then refused).
      if (code === IP_ADDRESS_INVALID && more?.ip !== undefined) return ask(key, { ...more, ip: undefined })
      // Scopes it does not take are this service's own mistake, not the client's: no key is good or bad for them.
      if (code === SCOPES_INVALID) throw new VerifierUnavailable(`The key server refused the scopes asked: ${messageOf(body)}`, 400)
      // A 400 without the server's code is not its answer (a proxy's page in front of it): the key was not asked.
      if (typeof code !== 'string') throw new VerifierUnavailable('The key server answered 400.', 400)
      // Else the key cannot be one (too long, unstorable text): it is no key of the server's.
      return { valid: false, code: 'NOT_FOUND' }
    }
    if (!res.ok) throw new VerifierUnavailable(`The key server answered ${res.status}.`, res.status)
    if (!isVerification(body)) throw new VerifierUnavailable('The key server sent an answer of an unknown shape.', res.status)
    return body
  }

  const verifier: WithMade = {
    verify(key, more) {
      // A key that cannot be one is refused here: no call, nothing cached. No key holds a line break, which the
      // cache's entries use between key, address and scopes: "K\n203.0.113.9\n" asked with no address must not
      // find the answer K got from that address (a key restricted to it, then let in from anywhere).
      if (typeof key !== 'string' || key.length === 0 || key.length > VERIFY_KEY_MAX || key.includes('\n')) {
        return Promise.resolve({ valid: false, code: 'NOT_FOUND' })
      }
      // Scopes the server would refuse (a NUL in a name reads to it as an unstorable body) are this service's mistake, as its
      // SCOPES_INVALID answer is: never a bad key, and nothing cached.
      if (more?.scopes !== undefined && !isScopeList(more.scopes)) {
        const takes = `at most ${MAX_VERIFY_SCOPES} names of 1 to ${VERIFY_SCOPE_MAX} characters, no control character`
        return Promise.reject(new VerifierUnavailable(`The scopes asked are not a list the key server takes (${takes}).`, 400))
      }
      // An address the server would refuse as one (400) is sent as none: a key with an allowlist is then refused, others pass.
      const ip = more?.ip !== undefined && IP.test(more.ip) ? more.ip : undefined
      const asked = ip !== undefined || more?.scopes?.length ? { ip, scopes: more?.scopes } : undefined
      // Each answer is for its key, address and scopes together: it is reused only for the same three, and for at most
      // cacheSeconds, so a deleted key or a changed restriction is seen within that time, as before restrictions.
      // The scopes as JSON: names are any text, so no separator could tell ['a', 'b'] from ['a b'].
      const entry = asked ? `${key}\n${asked.ip ?? ''}\n${JSON.stringify(asked.scopes ?? [])}` : key
      const now = Date.now()
      const hit = cache.get(entry)
      if (hit) {
        if (hit.until > now) return Promise.resolve(hit.answer)
        cache.delete(entry)
      }
      const pending = inFlight.get(entry)
      if (pending) return pending
      const p = ask(key, asked)
        .then(frozen)
        .then((answer) => {
          // Counted from the ask, not the answer: the server read the key after `now`, so a change made after its read is
          // seen within cacheSeconds however slowly the answer came.
          const until = now + ttl
          if (ttl > 0 && cacheSize > 0 && until > Date.now()) {
            if (cache.size >= cacheSize) cache.delete(cache.keys().next().value!)
            cache.set(entry, { answer, until })
          }
          return answer
        })
        .finally(() => inFlight.delete(entry))
      inFlight.set(entry, p)
      return p
    },
    logRequest(entry) {
      const readable = readableEntry(entry)
      if (readable) logs().add(readable)
      else logs().refuse()
    },
    [MADE]: (entry: RequestLogEntry) => logs().add(entry),
    requestLogStats: () =>
      reporter?.stats() ?? { queued: 0, sent: 0, dropped: 0, refused: 0, failedSends: 0, discarded: { unknownKey: 0, future: 0, expired: 0 } },
    flush: async () => reporter?.flush(),
    close: () => logs().close(),
  }
  return verifier
}

/**
 * An answer is cached and handed to every check of its key for cacheSeconds: frozen, so that one caller's change
 * (a scope pushed onto `scopes`) cannot reach the next request's answer. The middlewares give each request a copy.
 */
function frozen(answer: Verification): Verification {
  if (answer.valid) Object.freeze(answer.scopes)
  else Object.freeze(answer.missingScopes)
  return Object.freeze(answer)
}

const messageOf = (body: unknown) => String((body as { message?: unknown } | undefined)?.message ?? 'no message')

/** `…/api/keys/verify` → `…/api/logs`: the same server, the same service token. */
function logsUrl(verifyUrl: string): string {
  let u: URL
  try {
    u = new URL(verifyUrl)
  } catch {
    // A path (for a fetch of the provider's that takes one) is no URL: replaced as text. It is read at the first entry,
    // which must never throw: on Express that is in the response's 'finish' listener, where a throw ends the process.
    return verifyUrl.replace(/\/keys\/verify\/?(?=[?#]|$)/, '/logs')
  }
  u.pathname = u.pathname.replace(/\/keys\/verify\/?$/, '/logs')
  return u.href
}

// The middlewares copy these lists into each request's answer: one of another shape (a number) would throw there.
const names = (x: unknown) => x === undefined || (Array.isArray(x) && x.every((s) => typeof s === 'string'))

function isVerification(x: unknown): x is Verification {
  if (typeof x !== 'object' || x === null) return false
  const v = x as Record<string, unknown>
  if (v.valid === true) return typeof v.keyId === 'string' && typeof v.projectId === 'string' && (v.scopes === null || names(v.scopes))
  return v.valid === false && typeof v.code === 'string' && names(v.missingScopes)
}
