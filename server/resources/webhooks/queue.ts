/**
 * The delivery queue's way in: messages stored with their deliveries, and the
 * NOTIFY that tells every instance's worker they are due. Messages accepted
 * while a statement storing others is on its way share the next statement
 * (insertTogether): the interleaved A/B that shows it pays is in record.ts's
 * header, where outcomes are written the same way.
 *
 * On PostgreSQL, up to three such statements are on their way at once
 * (STATEMENTS_AT_ONCE). Interleaved A/Bs of bench/webhook-delivery.ts
 * (BENCH_WEBHOOK_BASELINE), PostgreSQL, 10 producers, each A/B one run on a
 * shared machine (load average 10-18), compared one statement at a time
 * with three, in deliveries/s:
 * - 2,000 messages a round, 6 rounds each: 365 and 491 (+35%);
 * - 2,000 messages, 8 rounds: 485 and 498 (+3%);
 * - 2,000 messages, 8 rounds: 443 and 582 (+31%);
 * - 1,000 messages, 6 rounds: 471 and 623 (+32%); server CPU 415 and 375 µs
 *   a message, database CPU 645 and 610 µs.
 */
import { batches, ItemFailed, type Batches } from '../../db/batch'
import type { Database } from '../../db/index'

/** The channel every instance's delivery worker listens on; a NOTIFY on it means "deliveries are due". */
export const DELIVERY_CHANNEL = 'flex_webhook_deliveries'

/** SQL for a new attempt row's id (`wha_` and 32 hex digits), made by the statement that inserts it. */
export const NEW_ATTEMPT_ID = `'wha_' || replace(gen_random_uuid()::text, '-', '')`

/**
 * Tells every instance's worker that deliveries are due, after the commit
 * that queued them. Not inside that transaction: PostgreSQL serialises the
 * commits of transactions that NOTIFY (a queue lock held through the commit's
 * disk flush), which capped acceptance at one message per flush. A NOTIFY on
 * its own writes nothing to flush, and wakes that come while one is on its way
 * are folded into one more (db/batch.ts). A wake lost to a crash is found by
 * the workers' periodic look.
 */
export function wakeWorkers(db: Database): void {
  let wakes = notifying.get(db)
  if (!wakes) notifying.set(db, (wakes = batches({ run: () => db.notify(DELIVERY_CHANNEL).catch(() => undefined) })))
  void wakes.add(undefined)
}
const notifying = new WeakMap<Database, Batches<undefined, void>>()

/** A message to store: its id, project, type, envelope (the body delivered) and idempotency key. */
export type Incoming = { id: string; projectId: string; eventType: string; body: string; idempotencyKey: string | null; now: Date }
const BATCH_MESSAGES = 500
const BATCH_BYTES = 4 * 1024 * 1024
export type Inserted = { project: boolean; inserted: boolean; queued: number }
const accepting = new WeakMap<Database, Batches<Incoming, Inserted>>()

/**
 * How many statements storing messages may be on their way at once. On
 * PostgreSQL a statement's commit waits for the disk, and commits on several
 * connections share one flush, so a second statement need not wait for the
 * first; PGlite runs one statement at a time anyway.
 */
const STATEMENTS_AT_ONCE = { postgres: 3, pglite: 1 }

/**
 * Messages are stored together (db/batch.ts): one goes at once, and those
 * that come while statements storing others are on their way go in the next
 * one, at most BATCH_MESSAGES messages or about BATCH_BYTES of bodies (one
 * can be 256 kB). At rest nothing waits; under load many share one statement
 * and one commit.
 */
export function insertTogether(db: Database, one: Incoming): Promise<Inserted> {
  let state = accepting.get(db)
  if (!state)
    accepting.set(
      db,
      (state = batches({
        run: (batch) => storeBatch(db, batch),
        inFlight: STATEMENTS_AT_ONCE[db.kind] ?? 1,
        maxCount: BATCH_MESSAGES,
        maxBytes: BATCH_BYTES,
        size: (m) => m.body.length,
        // Not before the requests that came in with this one have reached here too: on PGlite a statement
        // runs without yielding to the network, so without this wait each would go alone.
        gather: 'turn',
      })),
    )
  return state.add(one)
}

/**
 * A message whose project was being deleted as it was stored: the row was still there for the statement's join,
 * and gone by the reference's check (PostgreSQL's foreign-key violation). As for a project that is not there.
 */
const projectGone = (err: unknown): Inserted | undefined => {
  const e = err as { code?: unknown; constraint?: unknown }
  return e?.code === '23503' && e.constraint === 'webhook_messages_project_id_fkey' ? { project: false, inserted: false, queued: 0 } : undefined
}

/** Stores a batch, and wakes the workers once it is committed. */
async function storeBatch(db: Database, batch: Incoming[]): Promise<Array<Inserted | ItemFailed>> {
  let rows: Array<Inserted | ItemFailed>
  try {
    rows = await insertMessages(db, batch)
  } catch {
    // One message that cannot be stored must not fail the others: each is tried alone.
    rows = []
    for (const one of batch)
      rows.push(
        await insertMessages(db, [one]).then(
          ([r]) => r,
          (err: unknown) => projectGone(err) ?? new ItemFailed(err),
        ),
      )
  }
  if (rows.some((r) => !(r instanceof ItemFailed) && r.queued > 0)) wakeWorkers(db)
  return rows
}

/** Inserts messages, their deliveries and first attempts (pending, due now) in one statement; a row per message, in order. */
async function insertMessages(db: Database, batch: Incoming[]): Promise<Inserted[]> {
  return db.query<Inserted>(
    `WITH i AS (
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[])
         WITH ORDINALITY AS u(id, project_id, event_type, body, idempotency_key, created_at, ord)
     ),
     m AS (
       INSERT INTO webhook_messages (id, project_id, event_type, body, idempotency_key, created_at)
       SELECT i.id, i.project_id, i.event_type, i.body, i.idempotency_key, i.created_at FROM i JOIN projects p ON p.id = i.project_id
       -- In key order, so statements on their way at once that hold the same keys wait for each other, never in a circle.
       ORDER BY i.project_id, i.idempotency_key, i.ord
       ON CONFLICT (project_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
       RETURNING id, project_id, event_type, created_at
     ),
     d AS (
       INSERT INTO webhook_deliveries (message_id, endpoint_id, next_attempt_at, address_version)
       SELECT m.id, e.id, m.created_at, e.address_version FROM m JOIN i ON i.id = m.id
       JOIN webhook_endpoints e ON e.project_id = m.project_id AND NOT e.disabled AND (cardinality(e.event_types) = 0 OR m.event_type = ANY(e.event_types))
       ORDER BY i.ord, e.seq
       RETURNING id, message_id, endpoint_id, next_attempt_at
     ),
     a AS (
       INSERT INTO webhook_attempts (id, delivery_id, endpoint_id, message_id, event_type, attempt_number, status, attempted_at)
       SELECT ${NEW_ATTEMPT_ID}, d.id, d.endpoint_id, d.message_id, m.event_type, 1, 'pending', d.next_attempt_at
       FROM d JOIN m ON m.id = d.message_id
       RETURNING message_id
     )
     SELECT EXISTS (SELECT 1 FROM projects p WHERE p.id = i.project_id) AS project, EXISTS (SELECT 1 FROM m WHERE m.id = i.id) AS inserted,
       (SELECT count(*) FROM a WHERE a.message_id = i.id)::int AS queued
     FROM i ORDER BY i.ord`,
    [
      batch.map((b) => b.id),
      batch.map((b) => b.projectId),
      batch.map((b) => b.eventType),
      batch.map((b) => b.body),
      batch.map((b) => b.idempotencyKey),
      batch.map((b) => b.now),
    ],
  )
}
