import type { KeyMode } from '../../../contract/constants'
import type { Database, Queryable } from '../../db/index'

/** All SQL of the key_usage table (migration 010). */

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
 * the meantime are dropped rather than failing the batch.
 */
export async function addUsage(db: Database, rows: readonly UsageRow[]): Promise<void> {
  const sorted = [...rows].sort((a, b) => (a.keyId < b.keyId ? -1 : a.keyId > b.keyId ? 1 : a.day < b.day ? -1 : a.day > b.day ? 1 : 0))
  await db.transaction(async (tx) => {
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
