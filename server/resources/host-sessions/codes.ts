import type { Queryable } from '../../db/index'
import type { PruneJob } from '../../db/retention'
import type { RouteDeps } from '../../http/route-deps'
import { iso } from '../../db/time'
import { randomId, sha256 } from '../../security/random'

/**
 * A new single-use code for `userId`: 256 random bits, stored as a hash.
 * Times come from the app's clock, so tests pass an expiry without waiting.
 */
export async function issueCode(q: Queryable, userId: string, now: number, ttlSeconds: number): Promise<{ code: string; expiresAt: string }> {
  const code = randomId('fxc_', 32)
  const expiresAt = new Date(now + ttlSeconds * 1000)
  await q.query('INSERT INTO session_codes (code_hash, user_id, expires_at) VALUES ($1, $2, $3)', [sha256(code), userId, expiresAt])
  return { code, expiresAt: iso(expiresAt) }
}

/**
 * Uses the code up, whatever its state: the row is deleted in the same
 * statement that reads it, so two exchanges racing for one code cannot both
 * win. Resolves with its user when it was still good.
 */
export async function consumeCode(q: Queryable, code: string, now: number): Promise<string | undefined> {
  const [row] = await q.query<{ user_id: string; expires_at: Date }>('DELETE FROM session_codes WHERE code_hash = $1 RETURNING user_id, expires_at', [
    sha256(code),
  ])
  return row && new Date(iso(row.expires_at)).getTime() > now ? row.user_id : undefined
}

/** Drops expired codes, a bounded batch at a time; true when a whole batch went. */
export async function pruneExpiredCodes(q: Queryable, now: number, batch = 200): Promise<boolean> {
  const [{ n }] = await q.query<{ n: number }>(
    `WITH gone AS (DELETE FROM session_codes WHERE code_hash IN (SELECT code_hash FROM session_codes WHERE expires_at < $1 LIMIT $2) RETURNING 1)
     SELECT count(*)::integer AS n FROM gone`,
    [new Date(now), batch],
  )
  return n === batch
}

/** Host sign-in's part of the retention schedule (db/retention.ts): expired single-use codes. */
export const hostSessionRetention = ({ db }: RouteDeps): PruneJob[] => [{ name: 'expired sign-in codes', prune: (now) => pruneExpiredCodes(db, now) }]
