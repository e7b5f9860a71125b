import type { KeyMode } from '../../../contract/constants'
import type { Database, Queryable } from '../../db/index'

/** All SQL of the key_usage table (migration 010) and of its batches' ids (031). */

export interface UsageRow {
  keyId: string
  /** UTC day, YYYY-MM-DD. */
  day: string
  projectId: string
  name: string
  /** The key's mode (it never changes), kept with its counts for GET …/usage?mode=. */
  mode: KeyMode
  valid: number
  expired: number
}

/**
 * Adds a batch of counts in one statement, its projects' rows held first. Increments, never overwrites, so
 * instances add up; rows are taken in key order so two instances' batches
 * lock them in the same order (no deadlock). Counts of a project deleted in
 * the meantime are dropped rather than failing the batch. `batchId` names the
 * batch: sent again with the same id, a batch already stored adds nothing.
 */
export async function addUsage(db: Database, rows: readonly UsageRow[], batchId: string): Promise<void> {
  const sorted = [...rows].sort((a, b) => (a.keyId < b.keyId ? -1 : a.keyId > b.keyId ? 1 : a.day < b.day ? -1 : a.day > b.day ? 1 : 0))
  await db.transaction(async (tx) => {
    // A batch sent again after its write failed may have been stored with only the reply lost: its id says so.
    const fresh = await tx.query('INSERT INTO usage_batches (id) VALUES ($1) ON CONFLICT (id) DO NOTHING RETURNING id', [batchId])
    if (fresh.length === 0) return
    // The projects' rows before their counts', in id order, as a deletion takes them (its project, then the counts by
    // cascade): a batch that held a count's row, then waited for its project's row for a new day's reference,
    // deadlocked with the deletion (a 500). Held first, the deletion waits for the batch, or the batch for it.
    await tx.query('SELECT 1 FROM projects WHERE id = ANY($1::text[]) ORDER BY id FOR KEY SHARE', [[...new Set(sorted.map((r) => r.projectId))]])
    await tx.query(
      `INSERT INTO key_usage (key_id, day, project_id, key_name, valid, expired, mode)
       SELECT u.key_id, u.day::date, u.project_id, u.key_name, u.valid, u.expired, u.mode
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::bigint[], $7::text[]) WITH ORDINALITY
            AS u(key_id, day, project_id, key_name, valid, expired, mode, n)
       WHERE EXISTS (SELECT 1 FROM projects p WHERE p.id = u.project_id)
       ORDER BY u.n
       ON CONFLICT (key_id, day) DO UPDATE SET
         valid = key_usage.valid + EXCLUDED.valid,
         expired = key_usage.expired + EXCLUDED.expired,
         key_name = EXCLUDED.key_name`,
      [
        sorted.map((r) => r.keyId),
        sorted.map((r) => r.day),
        sorted.map((r) => r.projectId),
        sorted.map((r) => r.name),
        sorted.map((r) => r.valid),
        sorted.map((r) => r.expired),
        sorted.map((r) => r.mode),
      ],
    )
  })
}

/** How long a batch's id is kept: a batch is sent again within seconds of the database coming back. */
const BATCH_IDS_KEPT = '1 day'
const PRUNE_BATCH = 1000

/** Deletes a bounded batch of the ids kept past a day (by the database's clock, which wrote them); true when it was a whole batch. */
export async function pruneUsageBatches(db: Database): Promise<boolean> {
  const gone = await db.query(
    `DELETE FROM usage_batches WHERE id IN (SELECT id FROM usage_batches WHERE at < now() - interval '${BATCH_IDS_KEPT}' LIMIT ${PRUNE_BATCH}) RETURNING 1`,
  )
  return gone.length === PRUNE_BATCH
}

export interface KeyCounts {
  keyId: string
  /** The name of the latest day counted (the key may be gone). */
  name: string
  day: string
  valid: number
  expired: number
}

/** A project's counts from `from` to `to` (UTC days, inclusive), oldest first; with `mode`, only that mode's keys. */
export async function readUsage(q: Queryable, projectId: string, from: string, to: string, mode?: KeyMode): Promise<KeyCounts[]> {
  const rows = await q.query<{ key_id: string; key_name: string; day: string; valid: string | number; expired: string | number }>(
    `SELECT key_id, key_name, to_char(day, 'YYYY-MM-DD') AS day, valid, expired
     FROM key_usage WHERE project_id = $1 AND day BETWEEN $2::date AND $3::date AND ($4::text IS NULL OR mode = $4) ORDER BY day`,
    [projectId, from, to, mode ?? null],
  )
  return rows.map((r) => ({ keyId: r.key_id, name: r.key_name, day: r.day, valid: Number(r.valid), expired: Number(r.expired) }))
}
