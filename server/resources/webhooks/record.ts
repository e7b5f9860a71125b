import { batches } from '../../db/batch'
import type { Queryable } from '../../db/index'
import type { Log } from '../../http/logger'
import type { HeldDelivery } from './claim'
import { NEW_ATTEMPT_ID } from './queue'
import type { Outcome } from './deliver'
import { retryDelay } from './schedule'

/**
 * Recording outcomes: an attempt's outcome is written as soon as it is known,
 * in one statement that completes the attempt's row, schedules the retry (a
 * pending attempt and the delivery due again: a retry is the same delivery
 * queued with a delay) and updates the endpoint's run of failures.
 *
 * The endpoint's failure state is decided in that statement, from the row as
 * it is when the outcome is written: several deliveries to one endpoint are in
 * flight at once, and what one of them read when it was claimed may have been
 * changed since by another's outcome.
 *
 * Successes that come while a write is on its way share the next statement
 * (createRecorder), as messages accepted together share one (queue.ts). Both
 * earned their place in an interleaved A/B of bench/webhook-delivery.ts's
 * server run (PostgreSQL, 2,000 messages from 10 producers, 4 rounds, one
 * run): with them, 358 deliveries/s and 785 µs of server CPU per delivery;
 * with a statement per message and per outcome instead, 322/s and 1,080 µs
 * (-27% CPU). On PGlite, in a run of its own: 138-249/s with them, 28-30/s
 * without.
 */

export interface Attempted {
  delivery: HeldDelivery
  /** 1 for the first attempt. */
  number: number
  started: Date
  outcome: Outcome
}

export interface Recorded {
  ok: boolean
  /** When the retry is due; null when there is none (delivered, the schedule is over, or the endpoint disabled). */
  next: Date | null
  /** This outcome disabled the endpoint: a 410, or failures for `disableAfterMs`. */
  disabled: boolean
}

export interface RecordPolicy {
  retrySchedule: number[]
  disableAfterMs: number
}

/** The most outcomes one write takes. */
const BATCH = 200

const isOk = (o: Outcome) => o.status !== undefined && o.status >= 200 && o.status < 300

/** Writes one attempt's outcome, its retry, and its endpoint's failure state; `now` is when the retry's delay starts. */
async function recordOutcome(db: Queryable, a: Attempted, policy: RecordPolicy, now: number): Promise<Recorded> {
  const { delivery: d, outcome: o } = a
  const ok = isOk(o)
  const gone = o.status === 410
  const delay = ok || gone ? undefined : retryDelay(policy.retrySchedule, a.number, o.status, o.retryAfter)
  const retryAt = delay === undefined ? null : new Date(now + delay * 1000)
  const newAttempt = `INSERT INTO webhook_attempts (id, delivery_id, endpoint_id, message_id, event_type, attempt_number, status, response_status, response_body, duration_ms, attempted_at, next_attempt_at)`
  const [row] = await db.query<{ disabled: boolean | null; next: Date | null }>(
    // $1 endpoint, $2 ok, $3 gone (410), $4 attempted at, $5 ms of failures that disable, $6 retry at.
    // A delivery whose message another delivery to the endpoint has delivered meanwhile (a resend, or
    // the retry a resend raced) was ended by that success (next_attempt_at null): it is not retried.
    // A success on an endpoint that is not failing writes nothing to it: it would lock the endpoint's
    // row, and every delivery to it would wait for the others' commits in turn. The delivery is read
    // locked, so as it is once committed: a removal that ended it while this waited for the endpoint's
    // row is in the statement's snapshot as not yet done, and the retry would bring it back.
    // (PostgreSQL reads a locked row at its newest version.)
    `WITH was AS (
       SELECT id, disabled FROM webhook_endpoints WHERE id = $1 AND (NOT $2 OR failing_since IS NOT NULL) FOR UPDATE
     ),
     endpoint AS (
       UPDATE webhook_endpoints e SET
         failing_since = CASE WHEN $2 THEN NULL ELSE coalesce(e.failing_since, $4) END,
         disabled = e.disabled OR $3 OR (NOT $2 AND $4 - coalesce(e.failing_since, $4) >= $5 * interval '1 millisecond')
       FROM was WHERE e.id = was.id
       RETURNING e.disabled AND NOT was.disabled AS disabled_now,
         $3 OR (NOT $2 AND $4 - coalesce(e.failing_since, $4) >= $5 * interval '1 millisecond') AS stop
     ),
     decided AS (
       SELECT CASE WHEN coalesce((SELECT stop FROM endpoint), false) OR (SELECT next_attempt_at IS NULL FROM webhook_deliveries WHERE id = $12 FOR UPDATE)
         THEN NULL ELSE $6::timestamptz END AS next
     ),
     ended AS (
       UPDATE webhook_deliveries o SET next_attempt_at = NULL
       WHERE $2 AND o.message_id = $13 AND o.endpoint_id = $1 AND o.id <> $12 AND o.next_attempt_at IS NOT NULL
     ),
     completed AS (
       UPDATE webhook_attempts SET status = $7, response_status = $8, response_body = $9, duration_ms = $10, attempted_at = $4,
         next_attempt_at = (SELECT next FROM decided)
       WHERE id = $11
     ),
     first AS (
       ${newAttempt}
       SELECT ${NEW_ATTEMPT_ID}, $12, $1, $13, $14, $15, $7, $8, $9, $10, $4, next FROM decided WHERE $11::text IS NULL
     ),
     delivery AS (
       UPDATE webhook_deliveries SET attempts_made = $15, next_attempt_at = (SELECT next FROM decided) WHERE id = $12
     ),
     retry AS (
       ${newAttempt}
       SELECT ${NEW_ATTEMPT_ID}, $12, $1, $13, $14, $15 + 1, 'pending', NULL, NULL, NULL, next, NULL FROM decided WHERE next IS NOT NULL
     )
     SELECT (SELECT disabled_now FROM endpoint) AS disabled, next FROM decided`,
    [
      d.endpoint_id,
      ok,
      gone,
      a.started,
      policy.disableAfterMs,
      retryAt,
      ok ? 'succeeded' : 'failed',
      o.status ?? null,
      o.body,
      o.durationMs,
      d.attempt_id,
      d.id,
      d.message_id,
      d.event_type,
      a.number,
    ],
  )
  return { ok, next: row.next, disabled: row.disabled === true }
}

/**
 * Writes first attempts and retries that succeeded, in one statement however
 * many: a success's whole effect on its endpoint is to end a run of failures,
 * so it needs no value read beforehand. A success ends every other delivery of
 * its message to its endpoint (a retry still scheduled, a resend not yet made):
 * the receiver has the message, and would get the same webhook-id again.
 */
async function recordSuccesses(db: Queryable, list: Attempted[]): Promise<void> {
  await db.query(
    `WITH completed AS (
       UPDATE webhook_attempts a SET status = 'succeeded', response_status = u.http, response_body = u.body, duration_ms = u.ms, attempted_at = u.at, next_attempt_at = NULL
       FROM unnest($1::text[], $2::int[], $3::text[], $4::int[], $5::timestamptz[]) AS u(id, http, body, ms, at) WHERE a.id = u.id
     ),
     deliveries AS (
       UPDATE webhook_deliveries d SET attempts_made = u.number, next_attempt_at = NULL FROM unnest($6::bigint[], $7::int[]) AS u(id, number) WHERE d.id = u.id
     ),
     ended AS (
       UPDATE webhook_deliveries o SET next_attempt_at = NULL
       FROM unnest($9::text[], $10::text[]) AS u(message_id, endpoint_id)
       WHERE o.message_id = u.message_id AND o.endpoint_id = u.endpoint_id AND o.next_attempt_at IS NOT NULL AND NOT (o.id = ANY($6::bigint[]))
     )
     UPDATE webhook_endpoints SET failing_since = NULL WHERE id = ANY($8::text[]) AND failing_since IS NOT NULL`,
    [
      list.map((a) => a.delivery.attempt_id),
      list.map((a) => a.outcome.status),
      list.map((a) => a.outcome.body),
      list.map((a) => a.outcome.durationMs),
      list.map((a) => a.started),
      list.map((a) => a.delivery.id),
      list.map((a) => a.number),
      // In id order, so two instances lock endpoint rows alike.
      [...new Set(list.map((a) => a.delivery.endpoint_id))].sort(),
      list.map((a) => a.delivery.message_id),
      list.map((a) => a.delivery.endpoint_id),
    ],
  )
}

export interface Recorder {
  /** Queues an attempt's outcome to be written; `then` gets what was written. */
  record(a: Attempted, then: (r: Recorded) => void): void
  /** Resolves once every outcome queued so far is written. */
  flush(): Promise<void>
}

/**
 * Outcomes are written in the order they come, one write at a time, each
 * started as soon as the one before it ends: those that come while a write is
 * on its way go in the next, successes together in one statement, anything
 * else in one statement of its own. Nothing waits for a timer. A delivery's
 * slot is free once its answer is in; its lease keeps it from being claimed
 * again until its outcome is written. Why not a statement per outcome: see
 * this file's header.
 */
export function createRecorder(db: Queryable, policy: RecordPolicy, clock: () => number, log: Log): Recorder {
  type Queued = { a: Attempted; then: (r: Recorded) => void }

  const failed = (a: Attempted, err: unknown) =>
    log(`webhook error endpoint=${a.delivery.endpoint_id} message=${a.delivery.message_id}: the attempt was not recorded (${(err as Error).message})`)

  async function writeOne(a: Attempted, then: (r: Recorded) => void) {
    try {
      then(await recordOutcome(db, a, policy, clock()))
    } catch (err) {
      failed(a, err)
    }
  }

  /** One batch: each run of successes in one statement, anything else in one of its own, in order. */
  async function write(batch: Queued[]) {
    for (let i = 0; i < batch.length;) {
      let j = i
      while (j < batch.length && isOk(batch[j].a.outcome) && batch[j].a.delivery.attempt_id) j++
      if (j === i) {
        await writeOne(batch[i].a, batch[i].then)
        i++
        continue
      }
      const run = batch.slice(i, j)
      try {
        await recordSuccesses(
          db,
          run.map((x) => x.a),
        )
        for (const x of run) x.then({ ok: true, next: null, disabled: false })
      } catch {
        // One that cannot be written (its endpoint deleted meanwhile) must not take the others with it.
        for (const x of run) await writeOne(x.a, x.then)
      }
      i = j
    }
  }

  // One write at a time, started with the first outcome; what comes meanwhile waits for the next (db/batch.ts).
  // write() reports each outcome's failure itself: a batch never fails.
  const writes = batches<Queued>({ run: write, maxCount: BATCH })
  return {
    record: (a, then) => void writes.add({ a, then }),
    flush: () => writes.flush(),
  }
}

/** The log line of a recorded attempt: ids, status and time only, never the payload, the secret or a signature. */
export function attemptLine(a: Attempted, r: Recorded, disableAfterMs: number): string {
  const { delivery: d, outcome: o } = a
  const http = o.status === undefined ? 'no-answer' : String(o.status)
  const why = o.status === 410 ? '410' : `failing for ${duration(disableAfterMs)}`
  const then = r.disabled ? ` endpoint disabled (${why})` : r.next ? ` retry at ${r.next.toISOString()}` : ''
  return `webhook attempt endpoint=${d.endpoint_id} message=${d.message_id} attempt=${a.number} ${r.ok ? 'succeeded' : 'failed'} ${http} ${o.durationMs}ms${then}`
}

/** 5 days, 36 hours, 90 minutes, 45 seconds: the largest unit that divides it. */
function duration(ms: number): string {
  const units: Array<[string, number]> = [
    ['day', 86_400_000],
    ['hour', 3_600_000],
    ['minute', 60_000],
    ['second', 1000],
  ]
  const [name, size] = units.find(([, size]) => ms % size === 0) ?? ['millisecond', 1]
  const n = ms / size
  return `${n} ${name}${n === 1 ? '' : 's'}`
}
