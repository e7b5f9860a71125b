/** Webhooks' stored data: endpoints, messages (stored through queue.ts) and the deliveries a member orders; attempts are in attempts.ts. */
import type { WebhookEndpoint } from '../../../contract/webhooks'
import type { Database, Queryable } from '../../db/index'
import { iso } from '../../db/time'
import { randomId, sha256 } from '../../security/random'
import { insertTogether, NEW_ATTEMPT_ID, wakeWorkers } from './queue'

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

/**
 * SQL over an attempt `a` and its delivery `d`: made, or still to be made. A
 * pending attempt of a delivery a success has ended (record.ts) never will be.
 */
export const WILL_HAPPEN = `(a.status <> 'pending' OR d.next_attempt_at IS NOT NULL)`

const ENDPOINT_SELECT = `SELECT e.id, e.url, e.description, e.event_types, e.disabled, e.created_at,
    a.attempted_at AS last_at, a.status AS last_status, a.response_status AS last_response
  FROM webhook_endpoints e
  LEFT JOIN LATERAL (
    SELECT a.attempted_at, a.status, a.response_status FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
    WHERE a.endpoint_id = e.id AND ${WILL_HAPPEN} ORDER BY a.seq DESC LIMIT 1
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

/** `addedBy`: the account that added it, whose removal from the project ends it (resources/members/removal.ts). */
export async function insertEndpoint(q: Queryable, projectId: string, f: EndpointFields, addedBy: string): Promise<string> {
  const id = randomId('whe_')
  await q.query('INSERT INTO webhook_endpoints (id, project_id, url, description, event_types, added_by) VALUES ($1, $2, $3, $4, $5, $6)', [
    id,
    projectId,
    f.url,
    f.description,
    f.eventTypes,
    addedBy,
  ])
  return id
}

/** Applies the fields given; false when the endpoint is not the project's. Enabling clears the run of failures. */
/**
 * Changes an endpoint. One pointed at another address is `by`'s from then on (its added_by): where the
 * project's events go is whoever chose the address last, and their removal ends it (members/removal.ts).
 */
export async function updateEndpoint(
  q: Queryable,
  projectId: string,
  endpointId: string,
  f: Partial<EndpointFields> & { disabled?: boolean },
  by: string,
): Promise<boolean> {
  const rows = await q.query(
    `UPDATE webhook_endpoints SET
       added_by = CASE WHEN $3::text IS NOT NULL AND $3::text IS DISTINCT FROM url THEN $7 ELSE added_by END,
       address_version = CASE WHEN $3::text IS NOT NULL AND $3::text IS DISTINCT FROM url THEN address_version + 1 ELSE address_version END,
       url = COALESCE($3, url),
       description = COALESCE($4, description),
       event_types = COALESCE($5, event_types),
       disabled = COALESCE($6, disabled),
       failing_since = CASE WHEN $6 = false THEN NULL ELSE failing_since END
     WHERE project_id = $1 AND id = $2 RETURNING id`,
    [projectId, endpointId, f.url ?? null, f.description ?? null, f.eventTypes ?? null, f.disabled ?? null, by],
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
       INSERT INTO webhook_deliveries (message_id, endpoint_id, next_attempt_at, address_version)
       SELECT $1, e.id, $3, e.address_version FROM webhook_endpoints e WHERE ${filter}
       RETURNING id, endpoint_id, next_attempt_at
     )
     INSERT INTO webhook_attempts (id, delivery_id, endpoint_id, message_id, event_type, attempt_number, status, attempted_at)
     SELECT ${NEW_ATTEMPT_ID}, d.id, d.endpoint_id, $1, $2, 1, 'pending', d.next_attempt_at FROM d
     RETURNING delivery_id`,
    [messageId, eventType, due, ...params],
  )
  return rows.length
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
 * The digest of a message's content (its type, and its payload as the
 * envelope holds it, without the timestamp), as migration 014's trigger
 * stores it with an idempotency key.
 */
const contentDigest = (eventType: string, body: string) => sha256(`${eventType}\n${body.slice(body.indexOf(',"data":'))}`)

/** What acceptMessage answers: the message's id (the first one's for a key seen before), or `reused` for a key sent with other content. */
export type Acceptance = { id: string; duplicate: boolean } | { reused: true }

/**
 * Stores a message and queues it for every enabled endpoint of the project
 * whose filter takes its type (enabled, and a filter that names its type or
 * none), with a pending first attempt each. The same idempotency key within 24
 * hours answers the first message's id and queues nothing when the content is
 * the same, and `reused` when it is not; the unique index on (project, key)
 * decides which of two at once is first, so messages of one project are never
 * serialised. Undefined: no such project.
 */
export async function acceptMessage(db: Database, m: NewMessage, now: Date): Promise<Acceptance | undefined> {
  const id = randomId('msg_')
  const body = envelope(m.eventType, m.payload, now)
  const row = await insertTogether(db, { id, projectId: m.projectId, eventType: m.eventType, body, idempotencyKey: m.idempotencyKey ?? null, now })
  if (!row.project) return undefined
  if (row.inserted) return { id, duplicate: false }
  // The key was used before: within 24 hours that message is the answer; older, the key is free again.
  // A message stored before digests were kept has none: it counts as the same content.
  const [seen] = await db.query<{ id: string; created_at: Date; same: boolean }>(
    'SELECT id, created_at, coalesce(content_digest = $3, true) AS same FROM webhook_messages WHERE project_id = $1 AND idempotency_key = $2',
    [m.projectId, m.idempotencyKey, contentDigest(m.eventType, body)],
  )
  if (seen && now.getTime() - seen.created_at.getTime() < IDEMPOTENCY_MS) return seen.same ? { id: seen.id, duplicate: true } : { reused: true }
  if (seen) await db.query('UPDATE webhook_messages SET idempotency_key = NULL WHERE id = $1 AND idempotency_key = $2', [seen.id, m.idempotencyKey])
  return acceptMessage(db, m, now)
}

/** Runs in the transaction of a change, to record it (the audit log) with it. */
export type Along = (tx: Queryable) => Promise<void>

/**
 * A delivery the caller orders: `allowed` asks again, once the project is held, whether they still may (it throws if
 * not: a removal or a role change may have committed while the request waited); `along` records it.
 */
export type Ordered = { allowed: Along; along: Along }

/**
 * Holds an endpoint while a delivery is queued to it alone (a test event, a resend): false when it is disabled, or was
 * disabled meanwhile. A removal that disables it (`endEndpoints`) then waits, and drops what was queued. The project's
 * row comes first, as in every change of an endpoint (the message and the audit entry take it too): after, it deadlocked.
 */
async function holdEnabled(tx: Queryable, projectId: string, endpointId: string, allowed: Along): Promise<boolean> {
  await tx.query('SELECT 1 FROM projects WHERE id = $1 FOR KEY SHARE', [projectId])
  await allowed(tx)
  return (await tx.query('SELECT 1 FROM webhook_endpoints WHERE id = $1 AND NOT disabled FOR SHARE', [endpointId])).length > 0
}

/** A message for one endpoint only ("Send test event"), whatever its filter says; `along` runs in its transaction. */
export async function sendTestMessage(
  db: Database,
  projectId: string,
  endpointId: string,
  eventType: string,
  payload: unknown,
  now: Date,
  { allowed, along }: Ordered,
): Promise<string | undefined> {
  const messageId = await db.transaction(async (tx) => {
    if (!(await holdEnabled(tx, projectId, endpointId, allowed))) return undefined
    const id = randomId('msg_')
    await tx.query('INSERT INTO webhook_messages (id, project_id, event_type, body, created_at) VALUES ($1, $2, $3, $4, $5)', [
      id,
      projectId,
      eventType,
      envelope(eventType, payload, now),
      now,
    ])
    await enqueue(tx, id, eventType, now, 'e.id = $4', [endpointId])
    await along(tx)
    return id
  })
  if (messageId) wakeWorkers(db)
  return messageId
}

/**
 * Queues `messageId` again for the endpoint, as a new delivery with the same webhook-id; 'unknown' when the
 * message is not the project's, or was never the endpoint's at the address it has now: a resend is a delivery again,
 * never a way to have another endpoint's messages (or types its filter leaves out, or what went to the address an
 * endpoint had before it was re-pointed) sent to an address of one's own.
 */
export async function resendMessage(
  db: Database,
  projectId: string,
  endpointId: string,
  messageId: string,
  now: Date,
  { allowed, along }: Ordered,
): Promise<'queued' | 'unknown' | 'disabled'> {
  const outcome = await db.transaction(async (tx): Promise<'queued' | 'unknown' | 'disabled'> => {
    if (!(await holdEnabled(tx, projectId, endpointId, allowed))) return 'disabled'
    const [m] = await tx.query<{ event_type: string }>(
      `SELECT event_type FROM webhook_messages m WHERE id = $1 AND project_id = $2
         AND EXISTS (SELECT 1 FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
                     WHERE d.message_id = m.id AND d.endpoint_id = $3 AND d.address_version = e.address_version)`,
      [messageId, projectId, endpointId],
    )
    if (!m) return 'unknown'
    await enqueue(tx, messageId, m.event_type, now, 'e.id = $4', [endpointId])
    await along(tx)
    return 'queued'
  })
  if (outcome === 'queued') wakeWorkers(db)
  return outcome
}
