import { expect, vi } from 'vitest'
import type { Database } from '../../server/db/index'

/**
 * Waits until one PostgreSQL connection is blocked by the one whose backend is
 * `pid` (a lock it holds): a condition, not a time, for the tests that hold a
 * transaction open while another request runs into it. Then, or when it never
 * happens, `release` lets the holding transaction end, so a failure fails
 * the test rather than hanging it.
 */
export async function blockedBy(db: Database, pid: number, release: () => void): Promise<void> {
  try {
    await vi.waitFor(
      async () => {
        const [row] = await db.query<{ n: number }>('SELECT count(*)::integer AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))', [pid])
        expect(row.n).toBe(1)
      },
      { timeout: 10_000, interval: 20 },
    )
  } finally {
    release()
  }
}
