import type { Queryable } from '../../db/index'

/**
 * Claiming: the SQL that takes due deliveries off the queue table for one
 * instance. A claim picks among the due rows, locks the ones it picked with
 * FOR UPDATE SKIP LOCKED (a row another instance has leased meanwhile is
 * skipped, or no longer due once its lease is committed), so two instances
 * never take the same one, and moves each row's next_attempt_at ahead by a
 * lease: if the instance dies mid-attempt (kill -9), the row is due
 * again once the lease runs out, and another instance makes the attempt.
 */

/** Migration 025's channel: an endpoint's id when it stops taking the deliveries claimed for it (disabled, moved, deleted). */
export const ENDPOINT_CHANNEL = 'flex_webhook_endpoints'

/** A delivery leased to this instance: what its attempt needs to sign and send it, and to record it. */
export type HeldDelivery = {
  id: string
  message_id: string
  endpoint_id: string
  attempts_made: number
  url: string
  project_id: string
  body: string
  attempt_id: string | null
  attempt_number: number | null
  event_type: string
  secret_enc: string | null
  previous_enc: string | null
  previous_until: Date | null
}

export interface ClaimRequest {
  now: Date
  leaseUntil: Date
  /** How many deliveries at most. */
  limit: number
  /**
   * What this instance holds already, per endpoint and per project: a claim
   * takes no more than `endpointHold` in all for one endpoint, nor
   * `projectHold` for one project.
   */
  held: ReadonlyMap<string, number>
  heldByProject: ReadonlyMap<string, number>
  endpointHold: number
  projectHold: number
}

const full = (held: ReadonlyMap<string, number>, hold: number) => [...held].filter(([, n]) => n >= hold).map(([id]) => id)

/**
 * Claims and leases up to `limit` due deliveries of enabled endpoints in one
 * statement (its own transaction). Projects take turns: each project's first
 * due delivery comes before any project's second, those holding fewer first,
 * so a project with a backlog (or with slow endpoints that hold their share)
 * does not push another's deliveries back. It looks at the `limit` oldest due
 * deliveries of the endpoints and projects not yet at their hold; `more` when
 * there may be others due beyond them (a look that met only one project's
 * deliveries leaves it at its hold, and the next looks past it).
 */
export async function claimDue(db: Queryable, r: ClaimRequest): Promise<{ taken: HeldDelivery[]; more: boolean }> {
  const rows = await db.query<HeldDelivery & { seen: number }>(
    `WITH due AS (
       SELECT d.id, d.endpoint_id, e.project_id, d.next_attempt_at FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
       WHERE d.next_attempt_at <= $1 AND NOT e.disabled AND NOT (d.endpoint_id = ANY($2::text[])) AND NOT (e.project_id = ANY($3::text[]))
       ORDER BY d.next_attempt_at
       LIMIT $4
     ),
     endpoint_fit AS (
       SELECT id, project_id, next_attempt_at FROM (
         SELECT due.*, row_number() OVER (PARTITION BY due.endpoint_id ORDER BY due.next_attempt_at) + coalesce(h.n, 0) AS place
         FROM due LEFT JOIN unnest($5::text[], $6::int[]) AS h(endpoint_id, n) ON h.endpoint_id = due.endpoint_id
       ) ranked WHERE place <= $7
     ),
     picked AS (
       SELECT id, next_attempt_at FROM (
         SELECT f.id, f.next_attempt_at, row_number() OVER (PARTITION BY f.project_id ORDER BY f.next_attempt_at) + coalesce(h.n, 0) AS turn
         FROM endpoint_fit f LEFT JOIN unnest($8::text[], $9::int[]) AS h(project_id, n) ON h.project_id = f.project_id
       ) f WHERE turn <= $10
       ORDER BY turn, next_attempt_at
       LIMIT $4
     ),
     locked AS (
       SELECT d.id, picked.next_attempt_at FROM webhook_deliveries d JOIN picked ON picked.id = d.id
       WHERE d.next_attempt_at <= $1
       FOR UPDATE OF d SKIP LOCKED
     ),
     leased AS (
       UPDATE webhook_deliveries d SET next_attempt_at = $11 FROM locked picked WHERE d.id = picked.id
       RETURNING d.id, d.message_id, d.endpoint_id, d.attempts_made, picked.next_attempt_at AS due_at
     )
     SELECT l.id::text AS id, l.message_id, l.endpoint_id, l.attempts_made, e.url, e.project_id, m.body, m.event_type,
       p.id AS attempt_id, p.attempt_number, s.secret_enc, s.previous_enc, s.previous_until, (SELECT count(*) FROM due)::int AS seen
     FROM leased l
     JOIN webhook_endpoints e ON e.id = l.endpoint_id
     JOIN webhook_messages m ON m.id = l.message_id
     LEFT JOIN webhook_secrets s ON s.project_id = e.project_id
     LEFT JOIN LATERAL (
       SELECT id, attempt_number FROM webhook_attempts WHERE delivery_id = l.id AND status = 'pending' ORDER BY attempt_number DESC LIMIT 1
     ) p ON true
     ORDER BY l.due_at`,
    [
      r.now,
      full(r.held, r.endpointHold),
      full(r.heldByProject, r.projectHold),
      r.limit,
      [...r.held.keys()],
      [...r.held.values()],
      r.endpointHold,
      [...r.heldByProject.keys()],
      [...r.heldByProject.values()],
      r.projectHold,
      r.leaseUntil,
    ],
  )
  return { taken: rows, more: rows.length > 0 && rows[0].seen === r.limit }
}

/** When the next delivery of an enabled endpoint is due (a leased one: when its lease ends). */
export async function nextDue(db: Queryable): Promise<Date | null> {
  const [{ due }] = await db.query<{ due: Date | null }>(
    `SELECT min(d.next_attempt_at) AS due FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
     WHERE d.next_attempt_at IS NOT NULL AND NOT e.disabled`,
  )
  return due
}

/**
 * Ends the lease of deliveries this instance will not attempt: due at `now`, for another instance or the next start.
 * One ended meanwhile (its message delivered by a resend, or dropped with its endpoint) stays ended: made due, it
 * would be delivered again.
 */
export async function releaseLeases(db: Queryable, ids: string[], now: Date): Promise<void> {
  if (ids.length > 0)
    await db.query('UPDATE webhook_deliveries SET next_attempt_at = $1 WHERE id = ANY($2::bigint[]) AND next_attempt_at IS NOT NULL', [now, ids])
}
