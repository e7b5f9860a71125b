import { randomUUID } from 'node:crypto'
import type { VerifiedKey } from '../api-keys'
import type { Database } from '../../db/index'
import { increments } from '../../db/increments'
import type { Log } from '../../http/logger'
import { addUsage, type UsageRow } from './data'

/** Counts reach the database at most this often per instance (a kill -9 loses at most this much). */
export const FLUSH_EVERY_MS = 1000

const DAY_MS = 86_400_000

export interface UsageCounter {
  /** Counts one verification of `key` (undefined: no such key) at `now`, valid unless expired or `refused` (address, scope). Synchronous: nothing is written here. */
  count(key: VerifiedKey | undefined, now: number, refused?: boolean): void
  /** Writes everything counted so far (tests); resolves when it is stored or has failed. */
  flush(): Promise<void>
  /** Writes everything counted so far, as the app closes: a failed write is not tried again (db/increments.ts). */
  close(): Promise<void>
}

/**
 * Verification counts per key and UTC day, held in memory and added to the
 * database in one statement at most once a second (db/increments.ts), so
 * verifying writes nothing on its way. Each batch is stored once, by its id,
 * however often it is sent. An unknown key has no row to count against:
 * those are counted per instance and only logged.
 */
export function usageCounter(db: Database, log: Log): UsageCounter {
  let unknown = 0
  // The current UTC day's name, worked out again only when the day changes.
  let dayStart = -Infinity
  let day = ''

  // A batch whose write failed, sent again as it was (its id, its counts) before anything newer: the failure may
  // have been the commit's reply lost on its way back, the counts stored, and the id has the database add them once.
  let unsent: { id: string; rows: UsageRow[] } | undefined
  const stored = async (batch: { id: string; rows: UsageRow[] }) => {
    try {
      await addUsage(db, batch.rows, batch.id)
      return true
    } catch (err) {
      log(`usage write failed: ${err instanceof Error ? err.message : String(err)}`)
      return false
    }
  }
  // Counts never sent go back into the next batch, added to what is counted meanwhile.
  const keep = (rows: UsageRow[]) => {
    for (const r of rows) {
      const t = counts.add(`${r.day} ${r.keyId}`, () => ({ ...r, valid: 0, expired: 0 }))
      t.valid += r.valid
      t.expired += r.expired
    }
  }

  const counts = increments<UsageRow>(FLUSH_EVERY_MS, async (batch): Promise<void> => {
    if (unknown > 0) log(`POST /api/keys/verify: ${unknown} ${unknown === 1 ? 'verification' : 'verifications'} of unknown keys`)
    unknown = 0
    const rows = [...batch.values()]
    if (unsent) {
      // Still failing: tried again a second later (the database may be back by then), the newer counts waiting.
      if (!(await stored(unsent))) {
        keep(rows)
        return counts.due()
      }
      unsent = undefined
    }
    if (rows.length === 0) return
    const next = { id: randomUUID(), rows }
    if (!(await stored(next))) {
      unsent = next
      counts.due()
    }
  })

  return {
    count(key, now, refused = false) {
      if (key === undefined) {
        unknown++
        return counts.due()
      }
      if (now < dayStart || now >= dayStart + DAY_MS) {
        dayStart = now - (now % DAY_MS)
        day = new Date(dayStart).toISOString().slice(0, 10)
      }
      const t = counts.add(`${day} ${key.keyId}`, () => ({
        keyId: key.keyId,
        day,
        projectId: key.projectId,
        name: key.name,
        mode: key.mode,
        valid: 0,
        expired: 0,
      }))
      t.name = key.name
      if (refused || (key.expiresAt !== null && key.expiresAt <= now)) t.expired++
      else t.valid++
    },
    flush: counts.flush,
    close: counts.close,
  }
}
