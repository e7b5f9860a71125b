import type { Queryable } from '../db/index'
import { randomId } from '../security/random'

/** Records an anonymous device and returns its id. */
export async function insertDevice(q: Queryable, deviceType: string, info: Record<string, string>): Promise<string> {
  const id = randomId('dev_')
  await q.query('INSERT INTO devices (id, device_type, info) VALUES ($1, $2, $3::jsonb)', [id, deviceType, JSON.stringify(info)])
  return id
}
