import { setMaxListeners } from 'node:events'
import type { AppConfig } from '../../config'
import type { Database, Queryable } from '../../db/index'
import type { Log } from '../../http/logger'
import { processEncryptionKey } from '../../security/encryption'
import { DELIVERY_CHANNEL, NEW_ATTEMPT_ID, pruneWebhooks, takeDeliveriesOf, type HeldDelivery } from './data'
import { post, signature, type Outcome } from './deliver'
import { retryDelay } from './schedule'
import { signingSecrets } from './secrets'

/**
 * The delivery worker: claims due deliveries from the queue table and makes
 * their attempts.
 *
 * Why a table and not pg-boss or graphile-worker: both need a pool of real
 * PostgreSQL connections (graphile-worker's LISTEN connection, pg-boss's
 * own pg pool) and cannot run on PGlite, the embedded default. The table
 * works on both: an instance claims rows with FOR UPDATE SKIP LOCKED, so each
 * attempt is made by one instance, and moves the row's next_attempt_at ahead
 * by a lease, so a crash mid-attempt (kill -9) makes it due again once the
 * lease runs out. A NOTIFY when a message is accepted wakes every instance
 * at once (on PGlite, held by one process, a direct call); a timer set to the
 * next due retry wakes it for retries; a slow sweep covers a NOTIFY missed
 * while the listening connection was down.
 *
 * Under load the database's work is shared: a claim takes what came in since
 * the last one (passes start GATHER_MS apart at least), claims a few
 * deliveries ahead of each endpoint's free slots (AHEAD), and outcomes are
 * written together. Measured in bench/webhook-delivery.ts: per message, a
 * claim transaction and a recording transaction each had made delivery the
 * ceiling, with one endpoint capped at its slots per claim round trip.
 *
 * Messages accepted in this process skip the claim while the worker has
 * room: the statement that stores them leases their deliveries to it and
 * hands them over (takeDeliveriesOf). The claim had become PostgreSQL's
 * heaviest statement per delivery; without it a delivery costs two
 * statements, one to store it and one to record it, each shared.
 */

export interface WorkerDeps {
  db: Database
  config: AppConfig
  log: Log
  clock: () => number
}

export interface Worker {
  /** Looks for due deliveries now (a NOTIFY does the same). */
  wake(): void
  /** Stops claiming, aborts attempts in flight (recorded as failed and retried) and waits for them to be recorded. */
  stop(): Promise<void>
}

const SWEEP_MS = 30_000
/** Per slot, how many deliveries a worker holds: the one in flight and those claimed ahead. */
const AHEAD = 4
/** Time kept between the end of an attempt's time limit and the end of its lease. */
const LEASE_MARGIN_MS = 10_000
/** The least time between two claiming passes while deliveries keep coming (measured: see wake). */
const GATHER_MS = 10
const PRUNE_MS = 60 * 60 * 1000
/**
 * How long an outcome waits for others to be written with it, and how many go
 * in one statement. Measured in bench/webhook-delivery.ts with 10 producers:
 * written from the next turn of the event loop, a statement took about four
 * outcomes; gathered for 25 ms, PGlite delivered 1,240-1,400 a second instead
 * of 900, PostgreSQL 1,470-1,490 instead of 1,340 (10 ms and 50 ms: no better).
 */
const RECORD_GATHER_MS = 25
const RECORD_BATCH = 200

export function startWebhookWorker({ db, config, log, clock }: WorkerDeps): Worker {
  const { webhooks } = config
  const key = config.secretEncryptionKey ?? processEncryptionKey()
  // A crashed attempt is retried once it is surely over: after the time limit, and a margin for recording it.
  const leaseMs = webhooks.timeoutMs + 30_000
  const perEndpoint = new Map<string, number>()
  const inFlight = new Set<Promise<void>>()
  const abort = new AbortController()
  // Every attempt in flight listens on it (up to WEBHOOK_CONCURRENCY, 64 by default): past 10, Node
  // would warn of a listener leak in the server's log.
  setMaxListeners(webhooks.concurrency + 1, abort.signal)
  let stopped = false
  /** The claiming loop while it runs. */
  let running: Promise<void> | undefined
  let again = false
  let timer: NodeJS.Timeout | undefined
  /**
   * Whether a finished attempt starts a pass: something may be due that no
   * pass has taken (a NOTIFY, a retry written, a claim that left some), or the
   * next due time is still to be looked up. Attempts of deliveries handed over
   * at acceptance need neither: each had cost a claim that found nothing and a
   * look-up of the next due time.
   */
  let lookAgain = true
  /** The wait before the next pass while deliveries keep coming, and when the last pass claimed any. */
  let gathering: NodeJS.Timeout | undefined
  let lastClaimAt = -Infinity
  let lastPrune = 0

  /**
   * Deliveries claimed ahead of a free slot, per endpoint, with when they were
   * claimed: a slot that frees starts the next at once instead of waiting for
   * a claim's round trip, which capped one endpoint at its slots per round
   * trip. They are leased meanwhile; one that waited too long for its attempt
   * to end within the lease is let go, and claimed again once its lease ends.
   */
  const ahead = new Map<string, Array<{ c: HeldDelivery; at: number }>>()
  /** What one endpoint may hold (in flight and claimed ahead), and all of them together. */
  const endpointHold = webhooks.endpointConcurrency * AHEAD
  const totalHold = webhooks.concurrency * AHEAD
  /** Each endpoint this worker holds deliveries of, with how many. */
  const holding = () =>
    [...new Set([...perEndpoint.keys(), ...ahead.keys()])].map((id) => [id, (perEndpoint.get(id) ?? 0) + (ahead.get(id)?.length ?? 0)] as const)
  const saturated = (held = holding()) => held.filter(([, n]) => n >= endpointHold).map(([id]) => id)

  /**
   * Claims up to `limit` due deliveries, at most endpointHold per endpoint
   * counting those it holds already, and leases them, in one statement (its
   * own transaction: one round trip, where a transaction of its own took
   * four). `more` when there may be others due beyond them.
   */
  async function claim(limit: number): Promise<{ taken: HeldDelivery[]; more: boolean }> {
    const now = clock()
    const busy = holding()
    const rows = await db.query<HeldDelivery & { seen: number }>(
      `WITH due AS (
         SELECT d.id, d.endpoint_id, d.next_attempt_at FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
         WHERE d.next_attempt_at <= $1 AND NOT e.disabled AND NOT (d.endpoint_id = ANY($2::text[]))
         ORDER BY d.next_attempt_at
         LIMIT $3
         FOR UPDATE OF d SKIP LOCKED
       ),
       picked AS (
         SELECT id, next_attempt_at FROM (
           SELECT due.id, due.next_attempt_at,
             row_number() OVER (PARTITION BY due.endpoint_id ORDER BY due.next_attempt_at) + coalesce(b.n, 0) AS place
           FROM due LEFT JOIN unnest($4::text[], $5::int[]) AS b(endpoint_id, n) ON b.endpoint_id = due.endpoint_id
         ) r WHERE place <= $6
       ),
       leased AS (
         UPDATE webhook_deliveries d SET next_attempt_at = $7 FROM picked WHERE d.id = picked.id
         RETURNING d.id, d.message_id, d.endpoint_id, d.attempts_made, picked.next_attempt_at AS due_at
       )
       SELECT l.id::text AS id, l.message_id, l.endpoint_id, l.attempts_made, e.url, e.project_id, e.failing_since, m.body, m.event_type,
         p.id AS attempt_id, p.attempt_number, s.secret_enc, s.previous_enc, s.previous_until, (SELECT count(*) FROM due)::int AS seen
       FROM leased l
       JOIN webhook_endpoints e ON e.id = l.endpoint_id
       JOIN webhook_messages m ON m.id = l.message_id
       LEFT JOIN webhook_secrets s ON s.project_id = e.project_id
       LEFT JOIN LATERAL (
         SELECT id, attempt_number FROM webhook_attempts WHERE delivery_id = l.id AND status = 'pending' ORDER BY attempt_number DESC LIMIT 1
       ) p ON true
       ORDER BY l.due_at`,
      [new Date(now), saturated(busy), limit, busy.map(([id]) => id), busy.map(([, n]) => n), endpointHold, new Date(now + leaseMs)],
    )
    return { taken: rows, more: rows.length > 0 && rows[0].seen === limit }
  }

  async function attempt(c: HeldDelivery): Promise<void> {
    const number = c.attempt_number ?? c.attempts_made + 1
    let outcome: Outcome
    const started = new Date(clock())
    try {
      const secrets = signingSecrets(key, c, c.project_id, started)
      if (secrets.length === 0) {
        outcome = { body: 'The project has no signing secret: roll it in the portal.', durationMs: 0 }
      } else {
        const headers = {
          'webhook-id': c.message_id,
          'webhook-timestamp': String(Math.floor(started.getTime() / 1000)),
          'webhook-signature': signature(secrets, c.message_id, started, c.body),
        }
        outcome = await post(c.url, headers, c.body, { timeoutMs: webhooks.timeoutMs, allowPrivate: webhooks.allowPrivateNetworks, signal: abort.signal })
      }
    } catch (err) {
      outcome = { body: 'The attempt could not be made.', durationMs: 0 }
      log(`webhook error endpoint=${c.endpoint_id} message=${c.message_id}: ${(err as Error).message}`)
    }
    const attempted = { c, number, started, o: outcome }
    queueRecord({ ...attempted, verdict: judge(attempted) })
  }

  type Attempted = { c: HeldDelivery; number: number; started: Date; o: Outcome }
  type Done = Attempted & { verdict: ReturnType<typeof judge> }
  const toRecord: Done[] = []
  /** The recording loop while it runs, and the wait for outcomes to write together before it starts. */
  let recording: Promise<void> | undefined
  let gatheringOutcomes: NodeJS.Timeout | undefined

  /**
   * Outcomes are written together: the first waits RECORD_GATHER_MS for
   * others, and what finishes while one statement is writing goes into the
   * next, so under load many attempts share one statement and one commit
   * instead of one each. Nothing waits on the write but the attempts log (and
   * a retry, due once written): the delivery's slot is free as soon as its
   * answer is in, and its lease keeps it from being claimed again meanwhile.
   */
  function queueRecord(done: Done) {
    toRecord.push(done)
    if (toRecord.length >= RECORD_BATCH) startRecording()
    else gatheringOutcomes ??= setTimeout(startRecording, RECORD_GATHER_MS)
  }

  function startRecording() {
    clearTimeout(gatheringOutcomes)
    gatheringOutcomes = undefined
    if (recording || toRecord.length === 0) return
    // Set before the loop can end: an async function with nothing to await would end inside the
    // assignment, and leave a settled promise that no later outcome could start past.
    recording = writeOutcomes().finally(() => {
      recording = undefined
      // Outcomes that came as the loop ended.
      if (toRecord.length > 0) startRecording()
    })
  }

  async function writeOutcomes() {
    while (toRecord.length > 0) {
      const batch = toRecord.splice(0, RECORD_BATCH)
      await recordAll(batch)
      // A retry is due only once it is written: look for it then (the pass that ran when its slot
      // freed saw the lease, not the retry).
      if (batch.some((d) => d.verdict.next && !d.verdict.disable)) wake()
    }
  }

  async function recordAll(batch: Done[]): Promise<void> {
    try {
      await record(db, batch)
      for (const d of batch) logAttempt(d)
    } catch {
      // One that cannot be written (its endpoint deleted meanwhile) must not take the others with it.
      for (const d of batch) {
        try {
          await record(db, [d])
          logAttempt(d)
        } catch (err) {
          log(`webhook error endpoint=${d.c.endpoint_id} message=${d.c.message_id}: the attempt was not recorded (${(err as Error).message})`)
        }
      }
    }
  }

  /** What an outcome means: delivered, retried when, or the endpoint disabled. */
  function judge({ c, number, started, o }: Attempted) {
    const now = clock()
    const ok = o.status !== undefined && o.status >= 200 && o.status < 300
    const gone = o.status === 410
    const delay = ok || gone ? undefined : retryDelay(webhooks.retrySchedule, number, o.status, o.retryAfter)
    const next = delay === undefined ? null : new Date(now + delay * 1000)
    const failingSince = ok ? null : (c.failing_since ?? started)
    const expired = !ok && now - failingSince!.getTime() >= webhooks.disableAfterFailingMs
    return { ok, gone, next, failingSince, disable: gone || expired }
  }

  /**
   * Writes a batch of outcomes in one statement, whatever its size (arrays
   * unnested; a statement is its own transaction), where a transaction of
   * five statements cost each batch six round trips, and one statement per
   * outcome per table made each delivery cost five.
   */
  async function record(q: Queryable, batch: Done[]): Promise<void> {
    const rows = batch.map(({ c, number, started, o, verdict }) => ({
      c,
      number,
      status: verdict.ok ? 'succeeded' : 'failed',
      http: o.status ?? null,
      body: o.body,
      ms: o.durationMs,
      at: started.toISOString(),
      next: verdict.disable || !verdict.next ? null : verdict.next.toISOString(),
    }))
    type Row = (typeof rows)[number]
    /** One array per field, for unnest(). */
    const columns = (list: Row[], ...fields: Array<(r: Row) => unknown>) => fields.map((f) => list.map(f))
    const delivery = [(r: Row) => r.c.id, (r: Row) => r.c.endpoint_id, (r: Row) => r.c.message_id, (r: Row) => r.c.event_type]
    const outcome = [(r: Row) => r.status, (r: Row) => r.http, (r: Row) => r.body, (r: Row) => r.ms, (r: Row) => r.at, (r: Row) => r.next]
    // A retry's attempt row was written as pending when it was scheduled: it is completed; a first attempt is new.
    const pending = rows.filter((r) => r.c.attempt_id)
    const fresh = rows.filter((r) => !r.c.attempt_id)
    const retries = rows.filter((r) => r.next)
    // Each endpoint ends as its last outcome in the batch left it (disabled if any disabled it), in
    // id order so instances lock rows alike. Only a change is written: a success on an endpoint that
    // is not failing would otherwise lock its row, and every delivery to it would wait for the
    // others' commits in turn.
    const ends = new Map<string, { failingSince: string | null; disable: boolean }>()
    for (const { c, verdict } of batch)
      ends.set(c.endpoint_id, {
        failingSince: verdict.ok ? null : verdict.failingSince!.toISOString(),
        disable: (ends.get(c.endpoint_id)?.disable ?? false) || verdict.disable,
      })
    const sorted = [...ends].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    const healthy = sorted.filter(([, e]) => e.failingSince === null && !e.disable).map(([id]) => id)
    const failing = sorted.filter(([, e]) => e.failingSince !== null || e.disable)
    const newAttempt = `INSERT INTO webhook_attempts (id, delivery_id, endpoint_id, message_id, event_type, attempt_number, status, response_status, response_body, duration_ms, attempted_at, next_attempt_at)`
    await q.query(
      `WITH completed AS (
         UPDATE webhook_attempts a SET status = u.status, response_status = u.http, response_body = u.body, duration_ms = u.ms, attempted_at = u.at, next_attempt_at = u.next
         FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::int[], $6::timestamptz[], $7::timestamptz[]) AS u(id, status, http, body, ms, at, next)
         WHERE a.id = u.id
       ),
       first AS (
         ${newAttempt}
         SELECT ${NEW_ATTEMPT_ID}, u.delivery, u.endpoint, u.message, u.event, u.number, u.status, u.http, u.body, u.ms, u.at, u.next
         FROM unnest($8::bigint[], $9::text[], $10::text[], $11::text[], $12::int[], $13::text[], $14::int[], $15::text[], $16::int[], $17::timestamptz[], $18::timestamptz[])
           WITH ORDINALITY AS u(delivery, endpoint, message, event, number, status, http, body, ms, at, next, ord)
         ORDER BY u.ord
       ),
       deliveries AS (
         UPDATE webhook_deliveries d SET attempts_made = u.number, next_attempt_at = u.next
         FROM unnest($19::bigint[], $20::int[], $21::timestamptz[]) AS u(id, number, next) WHERE d.id = u.id
       ),
       retries AS (
         ${newAttempt}
         SELECT ${NEW_ATTEMPT_ID}, u.delivery, u.endpoint, u.message, u.event, u.number, 'pending', NULL, NULL, NULL, u.at, NULL
         FROM unnest($22::bigint[], $23::text[], $24::text[], $25::text[], $26::int[], $27::timestamptz[]) WITH ORDINALITY AS u(delivery, endpoint, message, event, number, at, ord)
         ORDER BY u.ord
       ),
       healthy AS (
         UPDATE webhook_endpoints SET failing_since = NULL WHERE id = ANY($28::text[]) AND failing_since IS NOT NULL
       )
       UPDATE webhook_endpoints e SET failing_since = u.since, disabled = e.disabled OR u.disable
       FROM unnest($29::text[], $30::timestamptz[], $31::boolean[]) AS u(id, since, disable) WHERE e.id = u.id`,
      [
        ...columns(pending, (r) => r.c.attempt_id, ...outcome),
        ...columns(fresh, ...delivery, (r) => r.number, ...outcome),
        ...columns(
          rows,
          (r) => r.c.id,
          (r) => r.number,
          (r) => r.next,
        ),
        ...columns(
          retries,
          ...delivery,
          (r) => r.number + 1,
          (r) => r.next,
        ),
        healthy,
        failing.map(([id]) => id),
        failing.map(([, e]) => e.failingSince),
        failing.map(([, e]) => e.disable),
      ],
    )
  }

  /** Ids, status and time only: never the payload, the secret or a signature. */
  function logAttempt(d: Done) {
    const { c, number, o } = d
    const { ok, gone, next, disable } = d.verdict
    const status = ok ? 'succeeded' : 'failed'
    const http = o.status === undefined ? 'no-answer' : String(o.status)
    const then = disable ? (gone ? ' endpoint disabled (410)' : ' endpoint disabled (failing for 5 days)') : next ? ` retry at ${next.toISOString()}` : ''
    log(`webhook attempt endpoint=${c.endpoint_id} message=${c.message_id} attempt=${number} ${status} ${http} ${o.durationMs}ms${then}`)
  }

  /** How many more deliveries this worker can hold. */
  function room() {
    let claimedAhead = 0
    for (const queue of ahead.values()) claimedAhead += queue.length
    return totalHold - inFlight.size - claimedAhead
  }

  /** Queues deliveries leased to this worker (since `at`) behind those of their endpoint, and starts what slots allow. */
  function hold(list: HeldDelivery[], at: number) {
    for (const c of list) {
      const queue = ahead.get(c.endpoint_id)
      if (queue) queue.push({ c, at })
      else ahead.set(c.endpoint_id, [{ c, at }])
    }
    dispatch()
  }

  /** Makes leased deliveries this worker will not attempt due again at once, for another instance or the next start. */
  async function release(ids: string[]) {
    if (ids.length === 0) return
    await db
      .query('UPDATE webhook_deliveries SET next_attempt_at = $1 WHERE id = ANY($2::bigint[])', [new Date(clock()), ids])
      .catch((err: Error) => log(`webhook worker: ${ids.length} deliveries stay leased until their lease ends (${err.message})`))
  }

  // Messages accepted in this process are handed over as they are stored, within the room left.
  const handing = new Set<Promise<void>>()
  const stopTaking = takeDeliveriesOf(db, {
    offer: () => (stopped ? undefined : { room: room(), held: holding(), endpointHold, leaseUntil: new Date(clock() + leaseMs), at: performance.now() }),
    take(list, offer) {
      if (!stopped) return hold(list, offer.at)
      // Stopped while they were being stored: let them go.
      const done = release(list.map((c) => c.id)).finally(() => handing.delete(done))
      handing.add(done)
    },
  })

  /** Starts what was claimed ahead while slots are free, an endpoint at a time in turn. */
  function dispatch() {
    if (stopped) return
    const now = performance.now()
    let started = true
    while (started && inFlight.size < webhooks.concurrency) {
      started = false
      for (const [id, queue] of ahead) {
        if (inFlight.size >= webhooks.concurrency) break
        if ((perEndpoint.get(id) ?? 0) >= webhooks.endpointConcurrency) continue
        const next = queue.shift()!
        if (queue.length === 0) ahead.delete(id)
        // Its attempt could outlast the lease, and another instance could make it too: let it go.
        if (now - next.at > leaseMs - webhooks.timeoutMs - LEASE_MARGIN_MS) continue
        launch(next.c)
        started = true
      }
    }
  }

  function launch(c: HeldDelivery) {
    perEndpoint.set(c.endpoint_id, (perEndpoint.get(c.endpoint_id) ?? 0) + 1)
    const run = attempt(c)
      .catch((err: Error) => log(`webhook error endpoint=${c.endpoint_id} message=${c.message_id}: ${err.message}`))
      .finally(() => {
        const n = (perEndpoint.get(c.endpoint_id) ?? 1) - 1
        if (n > 0) perEndpoint.set(c.endpoint_id, n)
        else perEndpoint.delete(c.endpoint_id)
        inFlight.delete(run)
        dispatch()
        if (lookAgain) look()
      })
    inFlight.add(run)
  }

  /** Claims until nothing due is left or every slot is busy, then sets the timer for the next due retry. */
  async function pass() {
    let claimed = 0
    for (;;) {
      if (stopped) return
      const free = room()
      if (free <= 0) {
        lookAgain = true // a finishing attempt looks again
        return
      }
      // A NOTIFY during the claim sets it again. An endpoint this worker holds all it may of is left out
      // of the claim (and of the next due time): what is due for it is looked for when a slot frees.
      lookAgain = saturated().length > 0
      const { taken, more } = await claim(Math.min(free, 200))
      hold(taken, performance.now())
      claimed += taken.length
      if (more) lookAgain = true
      // Fewer due than asked for: nothing else was. Asking again would cost a transaction per pass
      // for nothing; what becomes due meanwhile wakes the worker again (a NOTIFY, a finished attempt).
      if (!more || taken.length === 0) break
    }
    const now = clock()
    if (now - lastPrune > PRUNE_MS) {
      lastPrune = now
      await pruneWebhooks(db, new Date(now - webhooks.retentionDays * 86_400_000))
    }
    if (claimed > 0) {
      // Each attempt launched here looks again when it ends, and that pass looks for the next due
      // time: looking now as well cost a query per pass under load.
      lookAgain = true
      lastClaimAt = performance.now()
      return
    }
    const [{ due }] = await db.query<{ due: Date | null }>(
      `SELECT min(d.next_attempt_at) AS due FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
       WHERE d.next_attempt_at IS NOT NULL AND NOT e.disabled AND NOT (d.endpoint_id = ANY($1::text[]))`,
      [saturated()],
    )
    schedule(due ? due.getTime() - clock() : SWEEP_MS)
  }

  function schedule(ms: number) {
    if (stopped) return
    clearTimeout(timer)
    // A row due in the past that was not claimed is another instance's claim in progress: look again shortly.
    timer = setTimeout(wake, Math.max(20, Math.min(ms, SWEEP_MS)))
    timer.unref()
  }

  /** Something may be due (a NOTIFY, a retry written, the timer): look. */
  function wake() {
    lookAgain = true
    look()
  }

  function look() {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    // Under load, passes start GATHER_MS apart at least, so one claim takes what came meanwhile
    // instead of a claim transaction per message. The first message after a quiet spell goes at once.
    const wait = lastClaimAt + GATHER_MS - performance.now()
    if (wait > 0) {
      gathering ??= setTimeout(() => {
        gathering = undefined
        look()
      }, wait)
      return
    }
    running = (async () => {
      try {
        await pass()
      } catch (err) {
        if (!stopped) {
          log(`webhook worker error: ${(err as Error).message}`)
          schedule(1000)
        }
      } finally {
        running = undefined
        if (again) {
          again = false
          look()
        }
      }
    })()
  }

  let unlisten: (() => Promise<void>) | undefined
  const listening = db
    .listen(
      DELIVERY_CHANNEL,
      () => wake(),
      () => wake(),
    )
    .then((stop) => {
      unlisten = stop
      wake()
    })
    .catch((err: Error) => {
      log(`webhook worker cannot listen for new messages (${err.message}); it looks every ${SWEEP_MS / 1000} s instead.`)
      wake()
    })

  return {
    wake,
    async stop() {
      if (stopped) return
      stopped = true
      stopTaking()
      clearTimeout(timer)
      clearTimeout(gathering)
      await listening
      await unlisten?.().catch(() => undefined)
      abort.abort()
      // A pass that was claiming when we stopped launches its attempts before it ends.
      await running
      await Promise.allSettled([...inFlight])
      // What was claimed ahead and not started is due again at once, for the instance that goes on.
      const unstarted = [...ahead.values()].flat().map(({ c }) => c.id)
      ahead.clear()
      await release(unstarted)
      await Promise.all([...handing])
      // Outcomes still gathering are written now, not when their wait ends.
      startRecording()
      while (recording) await recording
    },
  }
}
