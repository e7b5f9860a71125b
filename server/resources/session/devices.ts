import type { Queryable } from '../../db/index'
import { randomId } from '../../security/random'

/**
 * Deletes devices older than `ttlSeconds` at `now` (the app's clock) — their
 * tokens have expired with them, and go too (ON DELETE CASCADE). A bounded
 * batch per call (the retention schedule's job); true when a whole batch went.
 */
export async function pruneOldDevices(q: Queryable, now: number, ttlSeconds: number, batch = 500): Promise<boolean> {
  const [{ n }] = await q.query<{ n: number }>(
    `WITH gone AS (DELETE FROM devices WHERE id IN (
       SELECT id FROM devices WHERE created_at < $1 LIMIT $2) RETURNING 1)
     SELECT count(*)::integer AS n FROM gone`,
    [new Date(now - ttlSeconds * 1000), batch],
  )
  return n === batch
}

/** Records an anonymous device, made at `now` (the app's clock, as its pruning is), and returns its id. */
export async function insertDevice(q: Queryable, deviceType: string, info: Record<string, string>, now: number): Promise<string> {
  const id = randomId('dev_')
  await q.query('INSERT INTO devices (id, device_type, info, created_at) VALUES ($1, $2, $3::jsonb, $4)', [id, deviceType, JSON.stringify(info), new Date(now)])
  return id
}
