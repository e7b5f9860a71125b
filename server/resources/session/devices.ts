import type { Queryable } from '../../db/index'
import { randomId } from '../../security/random'

/**
 * Deletes devices older than `ttlSeconds` — their tokens have expired with
 * them, and go too (ON DELETE CASCADE). A bounded batch per call.
 */
export async function pruneOldDevices(q: Queryable, ttlSeconds: number, batch = 500): Promise<void> {
  await q.query(
    `DELETE FROM devices WHERE id IN (
       SELECT id FROM devices WHERE created_at < now() - make_interval(secs => $1::double precision) LIMIT $2)`,
    [ttlSeconds, batch],
  )
}

/** Records an anonymous device and returns its id. */
export async function insertDevice(q: Queryable, deviceType: string, info: Record<string, string>): Promise<string> {
  const id = randomId('dev_')
  await q.query('INSERT INTO devices (id, device_type, info) VALUES ($1, $2, $3::jsonb)', [id, deviceType, JSON.stringify(info)])
  return id
}
