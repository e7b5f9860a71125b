import type { LogBatchAccepted } from '../../../contract/logs'
import type { RouteDeps } from '../../http/route-deps'
import { storeEntries, type CheckedEntry } from './data'
import { DAY_MS, dayStart, type PartitionKeeper } from './partitions'

/** An entry further ahead of the server's clock than this is no call that happened: dropped as "future". */
export const FUTURE_SLACK_MS = 5 * 60 * 1000

// PostgreSQL's answer to a row whose day has no partition (another instance dropped one this app knew).
const NO_PARTITION = '23514'

/**
 * Stores a checked batch: drops (and counts) what lies in the future or past
 * the retention, makes the partitions its days need, then stores the rest in
 * one transaction (a kill -9 keeps all of it or none).
 */
export function logIngest({ db, clock, config }: RouteDeps, partitions: PartitionKeeper) {
  async function store(entries: CheckedEntry[]) {
    await partitions.ensure(entries.map((e) => dayStart(e.at.getTime())))
    return db.transaction((tx) => storeEntries(tx, entries))
  }
  return async function ingest(entries: readonly CheckedEntry[]): Promise<LogBatchAccepted> {
    const now = clock()
    const oldest = now - config.requestLogRetentionDays * DAY_MS
    const dropped = { unknownKey: 0, future: 0, expired: 0 }
    const kept = entries.filter((e) => {
      const at = e.at.getTime()
      if (at > now + FUTURE_SLACK_MS) dropped.future++
      else if (at < oldest) dropped.expired++
      else return true
      return false
    })
    if (kept.length === 0) return { accepted: 0, duplicates: 0, dropped }
    let stored
    try {
      stored = await store(kept)
    } catch (err) {
      if ((err as { code?: string }).code !== NO_PARTITION) throw err
      partitions.forget()
      stored = await store(kept)
    }
    dropped.unknownKey = kept.length - stored.known
    return { accepted: stored.inserted, duplicates: stored.known - stored.inserted, dropped }
  }
}
