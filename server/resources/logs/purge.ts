import type { Database } from '../../db/index'
import type { PruneJob } from '../../db/retention'
import { partitionDays } from './partitions'

/**
 * A deleted project's request logs. Its reads answer 404 at once (the project
 * is gone); its entries, which may hold its developers' addresses, are then
 * deleted on the retention schedule rather than left until their day
 * partitions age out. Deleting a project needs no part in it: every project
 * with entries has rollups, so a rollup naming a project that no longer
 * exists is the mark. The rollups go last, once no entry is left, so a purge
 * cut short is found again on the next tick, and so is a batch ingested while
 * the project was being deleted.
 */

// PostgreSQL's answer to a statement on a table that is gone.
const UNDEFINED_TABLE = '42P01'

/** Entries deleted a statement: on PGlite the delete runs on the server's own thread, so a batch stays short. */
export const PURGE_BATCH = 5000

export const deletedProjectLogs = (db: Database, batch = PURGE_BATCH): PruneJob => ({
  name: "deleted projects' request logs",
  async prune() {
    const [gone] = await db.query<{ project_id: string }>(
      'SELECT h.project_id FROM request_log_hours h WHERE NOT EXISTS (SELECT 1 FROM projects p WHERE p.id = h.project_id) LIMIT 1',
    )
    if (!gone) return false
    let left = batch
    // Oldest day first, one partition at a time: a row's ctid is unique within its partition, and a statement
    // on the parent table would scan every partition to match rows it already found by the project's index.
    const days = [...(await partitionDays(db))].sort(([a], [b]) => a - b)
    for (const [, table] of days) {
      if (left === 0) break
      // The table's name comes from the catalog and matched partitions.ts's pattern: nothing to escape.
      const deleted = await db
        .query(`DELETE FROM ${table} WHERE ctid = ANY(ARRAY(SELECT ctid FROM ${table} WHERE project_id = $1 LIMIT $2)) RETURNING 1`, [gone.project_id, left])
        // Another instance's retention dropped the day since it was listed: nothing of it is left to delete.
        .catch((err: { code?: string }) => (err.code === UNDEFINED_TABLE ? [] : Promise.reject(err as Error)))
      left -= deleted.length
    }
    if (left > 0) await db.query('DELETE FROM request_log_hours WHERE project_id = $1', [gone.project_id])
    return true
  },
})
