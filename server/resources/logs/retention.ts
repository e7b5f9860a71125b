import { onceJob, type PruneJob } from '../../db/retention'
import type { RouteDeps } from '../../http/route-deps'
import { pruneHours } from './hours'
import { DAY_MS, dayStart, type PartitionKeeper } from './partitions'
import { deletedProjectLogs } from './purge'

const HOUR_MS = 3_600_000

/**
 * Request logs' part of the retention schedule: the day partitions wholly past
 * REQUEST_LOG_RETENTION_DAYS are dropped (no row is deleted one by one), their
 * hours' rollups deleted, and today's and tomorrow's partitions made ahead so
 * the first batch after midnight does not wait for one; and a deleted
 * project's entries are deleted in batches (purge.ts).
 */
export const requestLogRetention = ({ db, config }: RouteDeps, partitions: PartitionKeeper): PruneJob[] => [
  onceJob('request logs', async (now) => {
    const cutoff = now - config.requestLogRetentionDays * DAY_MS
    await partitions.dropBefore(cutoff)
    // An hour's rollup goes once the whole hour is past: its entries after the cutoff are still read through it.
    await pruneHours(db, new Date(cutoff - (cutoff % HOUR_MS)))
    await partitions.ensure([dayStart(now), dayStart(now) + DAY_MS])
  }),
  deletedProjectLogs(db),
]
