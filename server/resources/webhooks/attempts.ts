/** Webhooks' attempts log: each endpoint's attempts, newest first, and their retention. */
import type { WebhookAttempt } from '../../../contract/webhooks'
import type { Queryable } from '../../db/index'
import { iso } from '../../db/time'
import { WILL_HAPPEN } from './data'

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
    `SELECT a.id, a.message_id, a.event_type, a.status, a.response_status, a.response_body, a.duration_ms, a.attempted_at, a.attempt_number, a.next_attempt_at
     FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
     WHERE a.endpoint_id = $1 AND ($2::bigint IS NULL OR a.seq < $2) AND ${WILL_HAPPEN} ORDER BY a.seq DESC LIMIT $3`,
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
    scheduledFor: r.status === 'pending' ? iso(r.attempted_at) : null,
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
