import type { Queryable } from '../../db/index'
import { maskApiKey } from './key'

/**
 * The keys a member has seen the whole text of (created, or made by their
 * roll), for a removal to end: a key they saw is a key they may have kept.
 */

export interface SeenKey {
  id: string
  name: string
  maskedKey: string
}

/** The project's keys whose text `userId` saw last and that still work at `now`, in creation order. */
export async function keysSeenBy(q: Queryable, projectId: string, userId: string, now: Date): Promise<SeenKey[]> {
  const rows = await q.query<{ id: string; name: string; prefix: string; last4: string }>(
    `SELECT id, name, prefix, last4 FROM api_keys
      WHERE project_id = $1 AND seen_by = $2 AND (expires_at IS NULL OR expires_at > $3) ORDER BY seq`,
    [projectId, userId, now],
  )
  return rows.map((r) => ({ id: r.id, name: r.name, maskedKey: maskApiKey(r.prefix, r.last4) }))
}

/**
 * Ends keys of the project now, as an expiry does: the row changes, so
 * migration 013's trigger tells every instance's verifier to drop them at
 * commit, and an expired key can be renamed or deleted but never brought back
 * (updateKey refuses).
 */
export async function endKeys(q: Queryable, projectId: string, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return
  await q.query('UPDATE api_keys SET expires_at = $3 WHERE project_id = $1 AND id = ANY($2::text[]) AND (expires_at IS NULL OR expires_at > $3)', [
    projectId,
    ids,
    now,
  ])
}
