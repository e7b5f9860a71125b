/**
 * Request logs: the middlewares hand each answered request to a reporter,
 * which sends them to the portal's `POST /logs` in batches, off the request's
 * way. Nothing here may slow or break the provider's API: the queue is
 * bounded (the oldest entry goes first, counted), a batch is sent at most
 * every `intervalMs`, a portal that is down or slow is given up on after
 * `timeoutMs` and asked again later with the same entries (the server keeps a
 * request id once), and nothing is logged or thrown.
 */

import { LOG_BATCH_MAX } from '../contract/constants.js'
import { entryJson } from './entry-json.js'
import { EntryQueue } from './entry-queue.js'

/** One answered request, as the portal stores it. No body, header, query string or address unless opted in. */
export interface RequestLogEntry {
  /** The client's `X-Request-Id` when it was sane, else one made here (and answered in that header). */
  requestId: string
  keyId: string
  method: string
  /** The framework's route template (`/v1/invoices/:id`), never the path the client sent. */
  route: string
  status: number
  durationMs: number
  /** ISO 8601. */
  at: string
  /** The client's address: only with the middleware's `clientAddress` option. */
  ip?: string
}

export interface RequestLogOptions {
  /** Where batches go; default the verifier's `url` with `/keys/verify` replaced by `/logs`. */
  url?: string
  /** Most entries held while the portal cannot take them (default 10,000); past it the oldest are dropped. */
  maxQueue?: number
  /** The longest an entry waits before its batch is sent (default 1,000 ms). */
  intervalMs?: number
  /** How long one send may take before it is abandoned and retried later (default 5,000 ms). */
  timeoutMs?: number
  /** Entries a call (default and most LOG_BATCH_MAX, 1,000, the server's limit). */
  batchSize?: number
}

/** What the reporter has done since it started: read with `verifier.requestLogStats()`. */
export interface RequestLogStats {
  /** Entries waiting to be sent (a batch being retried included). */
  queued: number
  /** Entries the portal has taken (stored, or already held). */
  sent: number
  /**
   * Entries the portal answered for but did not keep, by reason: a key it does not hold (deleted, or never
   * its), a time more than 5 minutes ahead of its clock (is this machine's clock ahead?), or one past its
   * retention. Never retried: sending them again would change nothing.
   */
  discarded: { unknownKey: number; future: number; expired: number }
  /** Entries dropped because the queue was full (the oldest first). */
  dropped: number
  /**
   * Entries the portal refused for good (a 4xx other than 408 or 429, e.g. a wrong service token; a redirect; a 2xx
   * that is not the portal's answer, from a wrong `url`), not retried; and entries `logRequest` was given without a
   * key id, an HTTP status or a time, never sent.
   */
  refused: number
  /** Sends that failed (down, slow, 5xx) and will be tried again with the same entries. */
  failedSends: number
  /** The last failure, in words (never the token). */
  lastError?: string
}

export interface RequestLogReporter {
  add(entry: RequestLogEntry): void
  /** Counts an entry refused before it was queued (logRequest given one no portal could read). */
  refuse(): void
  stats(): RequestLogStats
  /** Sends everything queued now; resolves when sent, or when a send fails (the entries stay queued). Never rejects. */
  flush(): Promise<void>
  /** Flushes, then stops: later entries are dropped. For a clean shutdown; never rejects. */
  close(): Promise<void>
}

const BACKOFF_MIN_MS = 1000
const BACKOFF_MAX_MS = 30_000

type Send = (url: string, init: RequestInit) => Promise<Response>

export function requestLogReporter(url: string, serviceToken: string, send: Send, options: RequestLogOptions = {}): RequestLogReporter {
  const { maxQueue = 10_000, intervalMs = 1000, timeoutMs = 5000 } = options
  const batchSize = Math.max(1, Math.min(LOG_BATCH_MAX, options.batchSize ?? LOG_BATCH_MAX))
  // Each entry is queued as its JSON text (its fields and no other, entry-json.ts), once, in the queue's pages of bytes (entry-queue.ts).
  const queue = new EntryQueue(Math.max(1, maxQueue), batchSize)
  const counts = { sent: 0, dropped: 0, refused: 0, failedSends: 0 }
  const discarded = { unknownKey: 0, future: 0, expired: 0 }
  let lastError: string | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  // How long the timer waits, and whether for a failed send's backoff, which a full batch must not cut short.
  let timerMs = 0
  let timerIsBackoff = false
  let sending: Promise<boolean> | undefined
  // Entries at the queue's front that the batch in flight holds; one dropped meanwhile is no longer its to remove,
  // but is on its way: counted sent if the batch goes, dropped if it fails (evicted).
  let inFlight = 0
  let evicted = 0
  let backoff = 0
  let closed = false

  function schedule(ms: number, isBackoff = false) {
    if (timer || closed) return
    timerMs = ms
    timerIsBackoff = isBackoff
    timer = setTimeout(() => {
      timer = undefined
      void sendOne().then((ok) => {
        if (queue.length > 0) schedule(ok ? (queue.length >= batchSize ? 0 : intervalMs) : backoff, !ok)
      })
    }, ms)
    // A provider's process may end without waiting for the next batch: close() is how it sends the last one.
    ;(timer as { unref?: () => void }).unref?.()
  }

  /** Sends the front of the queue once; answers whether it went (or was refused for good). */
  function sendOne(): Promise<boolean> {
    return (sending ??= attempt().finally(() => (sending = undefined)))
  }

  async function attempt(): Promise<boolean> {
    if (queue.length === 0) return true
    const batch = queue.body(batchSize)
    inFlight = batch.count
    let status: number
    let answer: unknown
    try {
      const res = await send(url, {
        method: 'POST',
        headers: { Authorization: `Bearer ${serviceToken}`, 'Content-Type': 'application/json' },
        // Bytes of a buffer of their own (entry-queue.ts), which a body may be; typed apart from shared memory since TypeScript 5.7.
        body: batch.body as Uint8Array<ArrayBuffer>,
        signal: AbortSignal.timeout(timeoutMs),
        // As the verifier's: a redirect is an answer (a wrong url, refused), never followed with the entries.
        redirect: 'manual',
      })
      status = res.status
      // The answer says what the portal did not keep (contract/logs.ts LogBatchAccepted); a body it cannot read says nothing.
      if (status >= 200 && status < 300) answer = await res.json().catch(() => undefined)
      else await res.body?.cancel().catch(() => {})
    } catch (err) {
      return failed(err instanceof Error && err.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : 'the portal could not be reached')
    }
    if (status >= 500 || status === 408 || status === 429) return failed(`the portal answered ${status}`)
    const done = inFlight
    // The whole batch went, those evicted from the queue meanwhile too.
    const inBatch = done + evicted
    inFlight = evicted = 0
    queue.shift(done)
    backoff = 0
    // A 2xx without the count the server answers is not its answer (a wrong url, a page in front of it): refused, with
    // the reason, never counted sent, or every entry would be lost while the counts said all was well.
    const taken = status >= 200 && status < 300
    if (taken && typeof (answer as { accepted?: unknown } | undefined)?.accepted === 'number') {
      const dropped = (answer as { dropped?: Record<string, unknown> }).dropped
      let kept = inBatch
      for (const reason of ['unknownKey', 'future', 'expired'] as const) {
        const n = dropped?.[reason]
        if (typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= kept) {
          discarded[reason] += n
          kept -= n
        }
      }
      counts.sent += kept
    } else {
      counts.refused += inBatch
      lastError = taken ? `the answer to a batch (${status}) is not the portal's: is requestLogs.url right?` : `the portal refused a batch with ${status}`
    }
    return true
  }

  function failed(reason: string): false {
    counts.dropped += evicted
    inFlight = evicted = 0
    counts.failedSends++
    lastError = reason
    backoff = Math.min(BACKOFF_MAX_MS, Math.max(BACKOFF_MIN_MS, intervalMs, backoff * 2))
    return false
  }

  // Only what is queued when it is called: entries that keep arriving meanwhile are the timer's, or under steady
  // traffic a flush (a shutdown's await) would never end. A send already on its way holds the front of the queue.
  async function flush() {
    let left = queue.length
    while (left > 0 && queue.length > 0) {
      const covers = sending ? inFlight : Math.min(batchSize, queue.length)
      if (!(await sendOne())) return
      left -= covers
    }
  }

  return {
    add(entry) {
      if (closed) {
        counts.dropped++
        return
      }
      if (queue.push(entryJson(entry))) {
        if (inFlight > 0) {
          inFlight--
          evicted++
        } else counts.dropped++
      }
      // While a batch is on its way, its end schedules the next: at once when a batch is waiting, else after
      // intervalMs, or after the backoff when it failed. A timer set here meanwhile would skip that backoff.
      if (sending) return
      if (queue.length < batchSize) return schedule(intervalMs)
      // A full batch goes at once, not at the end of the interval: a queue filling faster than that would drop
      // entries a portal that answers at once could take. A failed send's backoff still holds.
      if (timer && timerMs > 0 && !timerIsBackoff) {
        clearTimeout(timer)
        timer = undefined
      }
      schedule(0)
    },
    refuse: () => void counts.refused++,
    stats: () => ({ queued: queue.length, ...counts, discarded: { ...discarded }, ...(lastError ? { lastError } : {}) }),
    async flush() {
      if (timer) clearTimeout(timer)
      timer = undefined
      await flush()
      if (queue.length > 0) schedule(backoff || intervalMs, backoff > 0)
    },
    async close() {
      closed = true
      if (timer) clearTimeout(timer)
      timer = undefined
      await flush()
    },
  }
}
