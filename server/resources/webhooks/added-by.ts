import type { Queryable } from '../../db/index'

/** The endpoints a member added, for a removal to end: an address they chose keeps getting the project's events otherwise. */

export type AddedEndpoint = {
  id: string
  url: string
  description: string
}

/** The project's endpoints `userId` added, disabled ones too (their queue would go out if one were enabled again), in the order added. */
export async function endpointsAddedBy(q: Queryable, projectId: string, userId: string): Promise<AddedEndpoint[]> {
  return q.query<AddedEndpoint>('SELECT id, url, description FROM webhook_endpoints WHERE project_id = $1 AND added_by = $2 ORDER BY seq', [projectId, userId])
}

/**
 * Disables endpoints of the project and ends what is queued for them: the
 * worker claims nothing for a disabled endpoint, and a delivery with no next
 * attempt is never made, even if the endpoint is enabled again.
 */
export async function endEndpoints(q: Queryable, projectId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return
  const ended = await q.query<{ id: string }>('UPDATE webhook_endpoints SET disabled = true WHERE project_id = $1 AND id = ANY($2::text[]) RETURNING id', [
    projectId,
    ids,
  ])
  await q.query('UPDATE webhook_deliveries SET next_attempt_at = NULL WHERE endpoint_id = ANY($1::text[]) AND next_attempt_at IS NOT NULL', [
    ended.map((e) => e.id),
  ])
}
