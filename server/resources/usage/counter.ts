import type { VerifiedKey } from '../api-keys'
import type { Database } from '../../db/index'
import type { Log } from '../../http/logger'
import { addUsage, type UsageRow } from './data'

/** Counts reach the database at most this often per instance (a kill -9 loses at most this much). */
export const FLUSH_EVERY_MS = 1000

const DAY_MS = 86_400_000

export interface UsageCounter {
  /** Counts one verification of `key` (undefined: no such key) at `now`. Synchronous: nothing is written here. */
  count(key: VerifiedKey | undefined, now: number): void
  /** Writes everything counted so far (shutdown, tests); resolves when it is stored or has failed. */
  flush(): Promise<void>
}

type Tally = { projectId: string; name: string; valid: number; expired: number }

/**
 * Verification counts per key and UTC day, held in memory and added to the
 * database in one statement at most once a second, so verifying writes
 * nothing on its way. Instances add to the same rows (increments, never
 * overwrites), so they add up. An unknown key has no row to count against:
 * those are counted per instance and only logged.
 */
export function usageCounter(db: Database, log: Log): UsageCounter {
  // day → key id → tally; the current day's map is kept at hand, so counting
  // allocates nothing until the UTC day changes.
  let days = new Map<string, Map<string, Tally>>()
  let today: Map<string, Tally> | undefined
  let todayStart = 0
  let unknown = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let writing: Promise<void> = Promise.resolve()

  const dayOf = (now: number) => {
    if (today === undefined || now < todayStart || now >= todayStart + DAY_MS) {
      todayStart = now - (now % DAY_MS)
      const day = new Date(todayStart).toISOString().slice(0, 10)
      today = days.get(day)
      if (!today) days.set(day, (today = new Map()))
    }
    return today
  }

  const write = async () => {
    timer = undefined
    const batch = days
    const refused = unknown
    days = new Map()
    today = undefined
    unknown = 0
    if (refused > 0) log(`POST /api/keys/verify: ${refused} ${refused === 1 ? 'verification' : 'verifications'} of unknown keys`)
    const rows: UsageRow[] = []
    for (const [day, keys] of batch) for (const [keyId, t] of keys) rows.push({ keyId, day, ...t })
    if (rows.length === 0) return
    try {
      await addUsage(db, rows)
    } catch (err) {
      // Kept for the next batch: the database may be back by then.
      for (const r of rows) {
        const keys = days.get(r.day) ?? days.set(r.day, new Map()).get(r.day)!
        const t = keys.get(r.keyId)
        if (t) {
          t.valid += r.valid
          t.expired += r.expired
        } else keys.set(r.keyId, { projectId: r.projectId, name: r.name, valid: r.valid, expired: r.expired })
      }
      schedule()
      log(`usage write failed: ${err instanceof Error ? err.message : String(err)}`)
    }
  }

  // One batch at a time, in order: a flush waits for the one being written.
  const flushNow = () => (writing = writing.then(write))

  function schedule() {
    if (timer !== undefined) return
    timer = setTimeout(() => void flushNow(), FLUSH_EVERY_MS)
    // Counting must not keep a process alive that has nothing else to do.
    timer.unref?.()
  }

  return {
    count(key, now) {
      schedule()
      if (key === undefined) {
        unknown++
        return
      }
      const keys = dayOf(now)
      let t = keys.get(key.keyId)
      if (!t) keys.set(key.keyId, (t = { projectId: key.projectId, name: key.name, valid: 0, expired: 0 }))
      else t.name = key.name
      if (key.expiresAt !== null && key.expiresAt <= now) t.expired++
      else t.valid++
    },
    flush() {
      clearTimeout(timer)
      timer = undefined
      return flushNow()
    },
  }
}
