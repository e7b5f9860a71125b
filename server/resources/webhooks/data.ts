import type { WebhookAttempt, WebhookEndpoint } from '../../../contract/webhooks'
import type { Database, Queryable } from '../../db/index'
import { iso } from '../../db/time'
import { randomId } from '../../security/random'

/** The channel every instance's delivery worker listens on; a NOTIFY on it means "deliveries are due". */
export const DELIVERY_CHANNEL = 'flex_webhook_deliveries'

/** SQL for a new attempt row's id (`wha_` and 32 hex digits), made by the statement that inserts it. */
export const NEW_ATTEMPT_ID = `'wha_' || replace(gen_random_uuid()::text, '-', '')`

/** A delivery held by a worker for its attempt: what the attempt needs to sign and send it, and to record it. */
export type HeldDelivery = {
  id: string
  message_id: string
  endpoint_id: string
  attempts_made: number
  url: string
  project_id: string
  failing_since: Date | null
  body: string
  attempt_id: string | null
  attempt_number: number | null
  event_type: string
  secret_enc: string | null
  previous_enc: string | null
  previous_until: Date | null
}

/**
 * A delivery worker in this process that takes deliveries straight from
 * acceptance: `offer` says how many it can hold now (none while stopping),
 * `take` hands it those inserted already leased to it. The statement that
 * stores a message then queues its deliveries for this worker, so they need no
 * claim of their own: a claim was the heaviest statement per delivery
 * (measured in bench/webhook-delivery.ts).
 */
export interface LocalTaker {
  offer(): HandOffer | undefined
  take(deliveries: HeldDelivery[], offer: HandOffer): void
}
export interface HandOffer {
  /** Deliveries it can take in all; the endpoints it holds deliveries of, with how many; what one endpoint may hold. */
  room: number
  held: ReadonlyArray<readonly [string, number]>
  endpointHold: number
  /** The lease of a delivery taken: as long as a claim's. */
  leaseUntil: Date
  /** When the offer was made (performance.now()), which the lease counts from. */
  at: number
}
/** Kept by the database itself, not by a wrapper of it: the routes and the worker see different ones. */
const takers = new WeakMap<Database, LocalTaker>()
const takerOf = (db: Database) => takers.get(db.origin ?? db)

/** Lets acceptance hand `db`'s new deliveries to `taker` until the returned function is called. */
export function takeDeliveriesOf(db: Database, taker: LocalTaker): () => void {
  const origin = db.origin ?? db
  takers.set(origin, taker)
  return () => {
    if (takers.get(origin) === taker) takers.delete(origin)
  }
}

type EndpointRow = {
  id: string
  url: string
  description: string
  event_types: string[]
  disabled: boolean
  created_at: Date
  last_at: Date | null
  last_status: 'succeeded' | 'failed' | 'pending' | null
  last_response: number | null
}

const ENDPOINT_SELECT = `SELECT e.id, e.url, e.description, e.event_types, e.disabled, e.created_at,
    a.attempted_at AS last_at, a.status AS last_status, a.response_status AS last_response
  FROM webhook_endpoints e
  LEFT JOIN LATERAL (
    SELECT attempted_at, status, response_status FROM webhook_attempts WHERE endpoint_id = e.id ORDER BY seq DESC LIMIT 1
  ) a ON true`

const endpoint = (r: EndpointRow): WebhookEndpoint => ({
  id: r.id,
  url: r.url,
  description: r.description,
  eventTypes: r.event_types,
  disabled: r.disabled,
  createdAt: iso(r.created_at),
  lastAttempt: r.last_at && r.last_status ? { attemptedAt: iso(r.last_at), status: r.last_status, responseStatus: r.last_response } : null,
})

export async function listEndpoints(q: Queryable, projectId: string): Promise<WebhookEndpoint[]> {
  return (await q.query<EndpointRow>(`${ENDPOINT_SELECT} WHERE e.project_id = $1 ORDER BY e.seq`, [projectId])).map(endpoint)
}

export async function getEndpoint(q: Queryable, projectId: string, endpointId: string): Promise<WebhookEndpoint | undefined> {
  const [row] = await q.query<EndpointRow>(`${ENDPOINT_SELECT} WHERE e.project_id = $1 AND e.id = $2`, [projectId, endpointId])
  return row && endpoint(row)
}

export async function countEndpoints(q: Queryable, projectId: string): Promise<number> {
  const [{ n }] = await q.query<{ n: number }>('SELECT count(*)::integer AS n FROM webhook_endpoints WHERE project_id = $1', [projectId])
  return n
}

export interface EndpointFields {
  url: string
  description: string
  eventTypes: string[]
}

export async function insertEndpoint(q: Queryable, projectId: string, f: EndpointFields): Promise<string> {
  const id = randomId('whe_')
  await q.query('INSERT INTO webhook_endpoints (id, project_id, url, description, event_types) VALUES ($1, $2, $3, $4, $5)', [
    id,
    projectId,
    f.url,
    f.description,
    f.eventTypes,
  ])
  return id
}

/** Applies the fields given; false when the endpoint is not the project's. Enabling clears the run of failures. */
export async function updateEndpoint(
  q: Queryable,
  projectId: string,
  endpointId: string,
  f: Partial<EndpointFields> & { disabled?: boolean },
): Promise<boolean> {
  const rows = await q.query(
    `UPDATE webhook_endpoints SET
       url = COALESCE($3, url),
       description = COALESCE($4, description),
       event_types = COALESCE($5, event_types),
       disabled = COALESCE($6, disabled),
       failing_since = CASE WHEN $6 = false THEN NULL ELSE failing_since END
     WHERE project_id = $1 AND id = $2 RETURNING id`,
    [projectId, endpointId, f.url ?? null, f.description ?? null, f.eventTypes ?? null, f.disabled ?? null],
  )
  return rows.length > 0
}

export async function deleteEndpoint(q: Queryable, projectId: string, endpointId: string): Promise<boolean> {
  return (await q.query('DELETE FROM webhook_endpoints WHERE project_id = $1 AND id = $2 RETURNING id', [projectId, endpointId])).length > 0
}

/**
 * Queues `messageId` for the endpoints `filter` selects (SQL over
 * webhook_endpoints e; $1 message, $2 event type, $3 due time, then the
 * filter's own parameters), with a pending first attempt each. The caller
 * wakes the workers once its transaction has committed (wakeWorkers).
 */
async function enqueue(tx: Queryable, messageId: string, eventType: string, due: Date, filter: string, params: unknown[]): Promise<number> {
  const rows = await tx.query(
    `WITH d AS (
       INSERT INTO webhook_deliveries (message_id, endpoint_id, next_attempt_at)
       SELECT $1, e.id, $3 FROM webhook_endpoints e WHERE ${filter}
       RETURNING id, endpoint_id, next_attempt_at
     )
     INSERT INTO webhook_attempts (id, delivery_id, endpoint_id, message_id, event_type, attempt_number, status, attempted_at)
     SELECT ${NEW_ATTEMPT_ID}, d.id, d.endpoint_id, $1, $2, 1, 'pending', d.next_attempt_at FROM d
     RETURNING delivery_id`,
    [messageId, eventType, due, ...params],
  )
  return rows.length
}

const notifying = new WeakMap<Database, { again: boolean }>()

/**
 * Tells every instance's worker that deliveries are due, after the commit
 * that queued them. Not inside that transaction: PostgreSQL serialises the
 * commits of transactions that NOTIFY (a queue lock held through the commit's
 * disk flush), which capped acceptance at one message per flush. A NOTIFY on
 * its own writes nothing to flush, and wakes that come while one is on its way
 * are folded into one more. A wake lost to a crash is found by the workers'
 * periodic look.
 */
export function wakeWorkers(db: Database): void {
  const state = notifying.get(db)
  if (state) {
    state.again = true
    return
  }
  const mine = { again: false }
  notifying.set(db, mine)
  void db
    .notify(DELIVERY_CHANNEL)
    .catch(() => undefined)
    .finally(() => {
      notifying.delete(db)
      if (mine.again) wakeWorkers(db)
    })
}

/** The delivered body: the Standard Webhooks envelope. */
const envelope = (eventType: string, payload: unknown, at: Date) => JSON.stringify({ type: eventType, timestamp: at.toISOString(), data: payload })

export interface NewMessage {
  projectId: string
  eventType: string
  payload: unknown
  idempotencyKey?: string
}

const IDEMPOTENCY_MS = 24 * 60 * 60 * 1000

/**
 * Stores a message and queues it for every enabled endpoint of the project
 * whose filter takes its type (enabled, and a filter that names its type or
 * none), with a pending first attempt each. The same idempotency key within 24
 * hours answers the first message's id and queues nothing; the unique index on
 * (project, key) decides which of two at once is first, so messages of one
 * project are never serialised. Undefined: no such project.
 */
export async function acceptMessage(db: Database, m: NewMessage, now: Date): Promise<{ id: string; duplicate: boolean } | undefined> {
  const id = randomId('msg_')
  const row = await insertTogether(db, { id, m, now, body: envelope(m.eventType, m.payload, now) })
  if (!row.project) return undefined
  if (row.inserted) return { id, duplicate: false }
  // The key was used before: within 24 hours that message is the answer; older, the key is free again.
  const [seen] = await db.query<{ id: string; created_at: Date }>(
    'SELECT id, created_at FROM webhook_messages WHERE project_id = $1 AND idempotency_key = $2',
    [m.projectId, m.idempotencyKey],
  )
  if (seen && now.getTime() - seen.created_at.getTime() < IDEMPOTENCY_MS) return { id: seen.id, duplicate: true }
  if (seen) await db.query('UPDATE webhook_messages SET idempotency_key = NULL WHERE id = $1 AND idempotency_key = $2', [seen.id, m.idempotencyKey])
  return acceptMessage(db, m, now)
}

type Incoming = { id: string; m: NewMessage; now: Date; body: string }
const BATCH_MESSAGES = 500
const BATCH_BYTES = 4 * 1024 * 1024
type Inserted = { project: boolean; inserted: boolean; queued: number; handed: number }
type Waiting = Incoming & { resolve: (r: Inserted) => void; reject: (err: unknown) => void }
const accepting = new WeakMap<Database, { queue: Waiting[]; running: boolean }>()

/**
 * Acceptance is what a provider's code waits on, and under load it was the
 * ceiling: a statement (planned each time) and a commit per message, and on
 * PGlite's single connection a turn each. So messages are inserted together:
 * one goes at once, and those that come while a statement is on its way go in
 * the next one, however many. At rest nothing waits; under load many share
 * one statement and one commit.
 */
function insertTogether(db: Database, one: Incoming): Promise<Inserted> {
  let state = accepting.get(db)
  if (!state) accepting.set(db, (state = { queue: [] as Waiting[], running: false }))
  const promise = new Promise<Inserted>((resolve, reject) => state.queue.push({ ...one, resolve, reject }))
  if (!state.running) {
    state.running = true
    // Not before the requests that came in with this one have reached here too: on PGlite a statement
    // runs without yielding to the network, so without this wait each would go alone.
    setImmediate(async () => {
      while (state.queue.length > 0) {
        const batch = nextBatch(state.queue)
        let rows: Inserted[] = []
        const taker = takerOf(db)
        try {
          rows = await insertMessages(db, batch, taker)
          batch.forEach((w, i) => w.resolve(rows[i]))
        } catch {
          // One message that cannot be stored must not fail the others: each is tried alone.
          for (const w of batch) {
            try {
              const [r] = await insertMessages(db, [w], taker)
              rows.push(r)
              w.resolve(r)
            } catch (err) {
              w.reject(err)
            }
          }
        }
        // Deliveries handed to this process's worker are leased to it: no other instance needs waking for them.
        if (rows.some((r) => r.queued > r.handed)) wakeWorkers(db)
      }
      state.running = false
    })
  }
  return promise
}

/** From the queue's head: at most BATCH_MESSAGES messages or about BATCH_BYTES of bodies (one can be 256 kB), and at least one. */
function nextBatch(queue: Waiting[]): Waiting[] {
  let n = 0
  let bytes = 0
  while (n < queue.length && n < BATCH_MESSAGES && (n === 0 || bytes + queue[n].body.length <= BATCH_BYTES)) bytes += queue[n++].body.length
  return queue.splice(0, n)
}

/**
 * Inserts messages, their deliveries and first attempts in one statement; a
 * row per message, in order. With a taker, as many deliveries as its offer
 * has room for (in order, and no more per endpoint than it may hold) are
 * inserted leased to it, and handed to it with what their attempts need.
 */
async function insertMessages(db: Database, batch: Incoming[], taker?: LocalTaker): Promise<Inserted[]> {
  const offer = taker?.offer()
  const rows = await db.query<Omit<Inserted, 'handed'> & { handed: HandedRow[] | null }>(
    `WITH i AS (
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[])
         WITH ORDINALITY AS u(id, project_id, event_type, body, idempotency_key, created_at, ord)
     ),
     m AS (
       INSERT INTO webhook_messages (id, project_id, event_type, body, idempotency_key, created_at)
       SELECT i.id, i.project_id, i.event_type, i.body, i.idempotency_key, i.created_at FROM i JOIN projects p ON p.id = i.project_id ORDER BY i.ord
       ON CONFLICT (project_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
       RETURNING id, project_id, event_type, created_at
     ),
     c AS (
       SELECT m.id AS message_id, m.event_type, m.created_at, e.id AS endpoint_id, e.url, e.project_id, e.failing_since,
         row_number() OVER (ORDER BY i.ord, e.seq) AS place,
         row_number() OVER (PARTITION BY e.id ORDER BY i.ord) + coalesce(b.n, 0) AS endpoint_place
       FROM m JOIN i ON i.id = m.id
       JOIN webhook_endpoints e ON e.project_id = m.project_id AND NOT e.disabled AND (cardinality(e.event_types) = 0 OR m.event_type = ANY(e.event_types))
       LEFT JOIN unnest($8::text[], $9::int[]) AS b(endpoint_id, n) ON b.endpoint_id = e.id
     ),
     d AS (
       INSERT INTO webhook_deliveries (message_id, endpoint_id, next_attempt_at)
       SELECT c.message_id, c.endpoint_id, CASE WHEN c.place <= $7 AND c.endpoint_place <= $10 THEN $11 ELSE c.created_at END
       FROM c ORDER BY c.place
       RETURNING id, message_id, endpoint_id, next_attempt_at
     ),
     a AS (
       INSERT INTO webhook_attempts (id, delivery_id, endpoint_id, message_id, event_type, attempt_number, status, attempted_at)
       SELECT ${NEW_ATTEMPT_ID}, d.id, d.endpoint_id, d.message_id, m.event_type, 1, 'pending', m.created_at
       FROM d JOIN m ON m.id = d.message_id
       RETURNING id, delivery_id, message_id
     ),
     h AS (
       SELECT d.message_id, json_agg(json_build_object(
           'id', d.id::text, 'endpoint_id', d.endpoint_id, 'url', c.url, 'project_id', c.project_id, 'failing_since', c.failing_since,
           'attempt_id', a.id, 'secret_enc', s.secret_enc, 'previous_enc', s.previous_enc, 'previous_until', s.previous_until
         ) ORDER BY c.place) AS handed
       FROM d JOIN c ON c.message_id = d.message_id AND c.endpoint_id = d.endpoint_id JOIN a ON a.delivery_id = d.id
       LEFT JOIN webhook_secrets s ON s.project_id = c.project_id
       WHERE d.next_attempt_at = $11
       GROUP BY d.message_id
     )
     SELECT EXISTS (SELECT 1 FROM projects p WHERE p.id = i.project_id) AS project, EXISTS (SELECT 1 FROM m WHERE m.id = i.id) AS inserted,
       (SELECT count(*) FROM a WHERE a.message_id = i.id)::int AS queued, (SELECT handed FROM h WHERE h.message_id = i.id) AS handed
     FROM i ORDER BY i.ord`,
    [
      batch.map((b) => b.id),
      batch.map((b) => b.m.projectId),
      batch.map((b) => b.m.eventType),
      batch.map((b) => b.body),
      batch.map((b) => b.m.idempotencyKey ?? null),
      batch.map((b) => b.now),
      offer?.room ?? 0,
      offer?.held.map(([id]) => id) ?? [],
      offer?.held.map(([, n]) => n) ?? [],
      offer?.endpointHold ?? 0,
      offer?.leaseUntil ?? null,
    ],
  )
  const handed: HeldDelivery[] = []
  const result = rows.map((r, i) => {
    for (const h of r.handed ?? []) handed.push(held(h, batch[i]))
    return { ...r, handed: r.handed?.length ?? 0 }
  })
  if (offer && handed.length > 0) taker!.take(handed, offer)
  return result
}

/** A handed delivery as the statement gives it (JSON, so its times are text). */
type HandedRow = Pick<HeldDelivery, 'id' | 'endpoint_id' | 'url' | 'project_id' | 'attempt_id' | 'secret_enc' | 'previous_enc'> & {
  failing_since: string | null
  previous_until: string | null
}
const held = (h: HandedRow, b: Incoming): HeldDelivery => ({
  ...h,
  message_id: b.id,
  attempts_made: 0,
  attempt_number: 1,
  body: b.body,
  event_type: b.m.eventType,
  failing_since: h.failing_since === null ? null : new Date(h.failing_since),
  previous_until: h.previous_until === null ? null : new Date(h.previous_until),
})

/** A message for one endpoint only ("Send test event"), whatever its filter says. */
export async function sendTestMessage(db: Database, projectId: string, endpointId: string, eventType: string, payload: unknown, now: Date): Promise<string> {
  const messageId = await db.transaction(async (tx) => {
    const id = randomId('msg_')
    await tx.query('INSERT INTO webhook_messages (id, project_id, event_type, body, created_at) VALUES ($1, $2, $3, $4, $5)', [
      id,
      projectId,
      eventType,
      envelope(eventType, payload, now),
      now,
    ])
    await enqueue(tx, id, eventType, now, 'e.id = $4', [endpointId])
    return id
  })
  wakeWorkers(db)
  return messageId
}

/** Queues `messageId` again for the endpoint, as a new delivery with the same webhook-id; false when the message is not the project's. */
export async function resendMessage(db: Database, projectId: string, endpointId: string, messageId: string, now: Date): Promise<boolean> {
  const queued = await db.transaction(async (tx) => {
    const [m] = await tx.query<{ event_type: string }>('SELECT event_type FROM webhook_messages WHERE id = $1 AND project_id = $2', [messageId, projectId])
    if (!m) return false
    await enqueue(tx, messageId, m.event_type, now, 'e.id = $4', [endpointId])
    return true
  })
  if (queued) wakeWorkers(db)
  return queued
}

type AttemptRow = {
  id: string
  message_id: string
  event_type: string
  status: WebhookAttempt['status']
  response_status: number | null
  response_body: string | null
  duration_ms: number | null
  attempted_at: Date
  attempt_number: number
  next_attempt_at: Date | null
}

/** The endpoint's attempts, newest first, `limit` of them from the one before attempt `before`; undefined when `before` is not one of them. */
export async function listAttempts(q: Queryable, endpointId: string, limit: number, before?: string): Promise<WebhookAttempt[] | undefined> {
  let cursor: number | undefined
  if (before !== undefined) {
    const [row] = await q.query<{ seq: string }>('SELECT seq FROM webhook_attempts WHERE id = $1 AND endpoint_id = $2', [before, endpointId])
    if (!row) return undefined
    cursor = Number(row.seq)
  }
  const rows = await q.query<AttemptRow>(
    `SELECT id, message_id, event_type, status, response_status, response_body, duration_ms, attempted_at, attempt_number, next_attempt_at
     FROM webhook_attempts WHERE endpoint_id = $1 AND ($2::bigint IS NULL OR seq < $2) ORDER BY seq DESC LIMIT $3`,
    [endpointId, cursor ?? null, limit],
  )
  return rows.map((r) => ({
    id: r.id,
    messageId: r.message_id,
    eventType: r.event_type,
    status: r.status,
    responseStatus: r.response_status,
    responseBody: r.response_body,
    durationMs: r.duration_ms,
    attemptedAt: iso(r.attempted_at),
    attemptNumber: r.attempt_number,
    nextAttemptAt: r.next_attempt_at ? iso(r.next_attempt_at) : null,
  }))
}

/**
 * Deletes attempts older than `before`, and messages older than it with
 * nothing left to deliver (their deliveries and attempts go with them).
 */
export async function pruneWebhooks(q: Queryable, before: Date): Promise<void> {
  await q.query(
    `DELETE FROM webhook_messages m WHERE m.created_at < $1
       AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.message_id = m.id AND d.next_attempt_at IS NOT NULL)`,
    [before],
  )
  await q.query(`DELETE FROM webhook_attempts WHERE attempted_at < $1 AND status <> 'pending'`, [before])
}
