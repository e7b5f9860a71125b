import { createHmac } from 'node:crypto'
import http from 'node:http'
import https from 'node:https'
import { isIP } from 'node:net'
import { WEBHOOK_RESPONSE_BODY_MAX_BYTES } from '../../../contract/webhooks'
import { AddressRefused, isPublicAddress, publicOnlyLookup } from './address'
import { agents, makeRoom } from './connections'

/**
 * One delivery attempt over HTTP: a signed POST, no redirects followed (node's
 * http never follows them; a 3xx is a failure like any non-2xx), a time limit
 * for the whole exchange, and the first 1 kB of the answer kept.
 */

export interface Outcome {
  /** The receiver's HTTP status; undefined when there was no answer. */
  status?: number
  /** The start of the answer's body, or what went wrong. */
  body: string
  /** Seconds from a Retry-After header, if the answer had one. */
  retryAfter?: number
  durationMs: number
  /**
   * Called off on this side (the server stopping) before an answer came: no
   * outcome of the receiver's, so not an attempt to record (worker.ts).
   */
  calledOff?: true
}

// A secret's key bytes, decoded once per secret.
const keys = new Map<string, Buffer>()
function keyOf(secret: string): Buffer {
  let key = keys.get(secret)
  if (!key) {
    if (keys.size > 1000) keys.clear()
    key = Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64')
    keys.set(secret, key)
  }
  return key
}

/**
 * The webhook-signature value: one `v1,…` entry per secret, space-separated,
 * each the base64 HMAC-SHA256 of "id.timestamp.body" (Standard Webhooks).
 * Node's own HMAC, not the `standardwebhooks` package's plain JavaScript one,
 * which costs several times the CPU; the tests verify what this makes with
 * that package.
 */
export function signature(secrets: string[], messageId: string, at: Date, body: string): string {
  const signed = `${messageId}.${Math.floor(at.getTime() / 1000)}.${body}`
  return secrets.map((s) => `v1,${createHmac('sha256', keyOf(s)).update(signed).digest('base64')}`).join(' ')
}

/** Retry-After as seconds: a number of seconds or an HTTP date. */
function retryAfterSeconds(value: string | undefined, now: number): number | undefined {
  if (!value) return undefined
  if (/^\d+$/.test(value.trim())) return Number(value.trim())
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(0, (at - now) / 1000)
}

function describe(err: NodeJS.ErrnoException, timeoutMs: number, timedOut: boolean): string {
  if (timedOut) return `No answer within ${timeoutMs / 1000} s.`
  const reasons: Record<string, string> = {
    ECONNREFUSED: 'The connection was refused.',
    ECONNRESET: 'The connection was reset.',
    ENOTFOUND: 'The host name does not resolve.',
    EAI_AGAIN: 'The host name could not be resolved.',
    EHOSTUNREACH: 'The host cannot be reached.',
    ENETUNREACH: 'The network cannot be reached.',
    CERT_HAS_EXPIRED: "The endpoint's TLS certificate has expired.",
    DEPTH_ZERO_SELF_SIGNED_CERT: "The endpoint's TLS certificate is self-signed.",
  }
  if (err.code && reasons[err.code]) return reasons[err.code]
  if (err instanceof AddressRefused) return `Refused: ${err.message.slice(0, 200)}`
  return `The request failed${err.code ? ` (${err.code})` : ''}.`
}

export interface PostOptions {
  timeoutMs: number
  allowPrivate?: boolean
  /** Calls the attempt off (the server is stopping): unless its answer has come, the outcome is `calledOff`. */
  signal?: AbortSignal
}

export function post(url: string, headers: Record<string, string>, body: string, { timeoutMs, allowPrivate, signal }: PostOptions): Promise<Outcome> {
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)
  return new Promise<Outcome>((resolve) => {
    let target: URL
    try {
      target = new URL(url)
    } catch {
      return resolve({ body: 'The endpoint URL is not valid.', durationMs: 0 })
    }
    const calledOff = { body: 'The attempt was called off.', durationMs: 0, calledOff: true } as const
    if (signal?.aborted) return resolve(calledOff)
    // The address connected to is checked after DNS (publicOnlyLookup), so a
    // name that now resolves to a private address is refused; an address
    // written in the URL is never looked up, so it is checked here.
    const literal = target.hostname.replace(/^\[|\]$/g, '')
    if (!allowPrivate && isIP(literal) && !isPublicAddress(literal)) {
      return resolve({ body: describe(new AddressRefused(literal), timeoutMs, false), durationMs: 0 })
    }
    const protocol = target.protocol as 'http:' | 'https:'
    const lib = protocol === 'https:' ? https : http
    let timedOut = false
    let settled = false
    const done = (o: Outcome) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
      resolve(o)
    }
    makeRoom(agents[protocol], target)
    const req = lib.request(target, {
      method: 'POST',
      agent: agents[protocol],
      lookup: allowPrivate ? undefined : publicOnlyLookup,
      headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'Flex-Webhooks/1' },
    })
    // Set once the status has come: a body still coming when the time limit ends the request is cut, not unanswered.
    let answered: (() => void) | undefined
    const failed = (err: NodeJS.ErrnoException) => {
      // An answer whose status has come is the receiver's, called off or not: what it said is recorded.
      if (answered) return answered()
      done(signal?.aborted ? { ...calledOff, durationMs: elapsed() } : { body: describe(err, timeoutMs, timedOut), durationMs: elapsed() })
    }
    // Ended here, not on the 'error' the destroy brings: a request still waiting for one of the agent's connections
    // emits it only once it gets one, when other attempts end, long past this one's limit.
    const giveUp = (err: Error) => {
      req.destroy(err)
      failed(err)
    }
    const timer = setTimeout(() => {
      timedOut = true
      giveUp(new Error('timeout'))
    }, timeoutMs)
    const onAbort = () => giveUp(new Error('called off'))
    signal?.addEventListener('abort', onAbort, { once: true })
    req.on('error', failed)
    // A 101 (a protocol switch nobody asked for) comes as 'upgrade', not 'response'. Unheard, Node lets go of the
    // request without a word, and the attempt never ended: past its time limit, and past a stop calling it off.
    req.on('upgrade', (res, socket) => {
      socket.destroy()
      done({ status: res.statusCode, body: '', durationMs: elapsed() })
    })
    req.on('response', (res) => {
      const chunks: Buffer[] = []
      let kept = 0
      res.on('data', (chunk: Buffer) => {
        if (kept < WEBHOOK_RESPONSE_BODY_MAX_BYTES) {
          chunks.push(chunk.subarray(0, WEBHOOK_RESPONSE_BODY_MAX_BYTES - kept))
          kept += Math.min(chunk.length, WEBHOOK_RESPONSE_BODY_MAX_BYTES - kept)
        }
      })
      const finish = () =>
        done({
          status: res.statusCode,
          // NUL cannot be stored in PostgreSQL text; a cut multi-byte character decodes as U+FFFD.
          body: new TextDecoder().decode(Buffer.concat(chunks)).replace(/\0/g, ''),
          retryAfter: retryAfterSeconds(res.headers['retry-after'], Date.now()),
          durationMs: elapsed(),
        })
      answered = finish
      res.on('end', finish)
      // The status is known: a receiver that stops mid-body still answered.
      res.on('error', finish)
      res.on('aborted', finish)
    })
    req.end(body)
  })
}
