import { expect, vi } from 'vitest'
import type { Database, Queryable } from '../../server/db/index'

/** A transaction held open on a connection of its own, after `take` ran in it; `ended` once `release` lets it commit. */
export interface Held {
  /** Its connection's backend. */
  pid: number
  release: () => void
  ended: Promise<void>
}

/**
 * Opens a transaction, runs `take` in it (what it takes stays locked), and
 * holds it open: for the tests that make another request run into a lock
 * another connection holds, as concurrent requests on PostgreSQL do. `then`,
 * if given, runs in it once released, before it commits: the second half of a
 * change whose first half the request ran into.
 */
export async function holdOpen(db: Database, take: (tx: Queryable) => Promise<void>, then?: (tx: Queryable) => Promise<void>): Promise<Held> {
  let pid = 0
  let taken!: () => void
  const inside = new Promise<void>((resolve) => (taken = resolve))
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  const ended = db.transaction(async (tx) => {
    pid = (await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'))[0].pid
    await take(tx)
    taken()
    await held
    await then?.(tx)
  })
  // A `take` that fails ends the transaction: say so rather than wait for it.
  await Promise.race([inside, ended])
  return { pid, release, ended }
}

/**
 * Waits until one PostgreSQL connection is blocked by the held transaction (a
 * lock it holds): a condition, not a time. Then, or when it never happens,
 * lets the transaction end, so a failure fails the test rather than hanging it.
 */
export async function blockedBy(db: Database, held: Held): Promise<void> {
  try {
    await vi.waitFor(
      async () => {
        const [row] = await db.query<{ n: number }>('SELECT count(*)::integer AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))', [held.pid])
        expect(row.n).toBe(1)
      },
      { timeout: 10_000, interval: 20 },
    )
  } finally {
    held.release()
  }
  await held.ended
}

/**
 * How many connections wait, directly or through one another, for a lock one of the `held` transactions holds; and
 * how many of them wait for `direct` itself. Counted from the held transactions, not across the whole cluster: the
 * other test files running at once have waiters of their own.
 */
export async function waiting(db: Database, held: Held[], direct?: Held): Promise<{ n: number; direct: number }> {
  const [row] = await db.query<{ n: number; direct: number }>(
    `WITH RECURSIVE w(pid, blockers) AS (
       SELECT pid, pg_blocking_pids(pid) FROM pg_stat_activity WHERE pg_blocking_pids(pid) && $1::int[]
       UNION
       SELECT a.pid, pg_blocking_pids(a.pid) FROM pg_stat_activity a JOIN w ON w.pid = ANY(pg_blocking_pids(a.pid))
     )
     SELECT count(DISTINCT pid)::int AS n, count(DISTINCT pid) FILTER (WHERE $2 = ANY(blockers))::int AS direct FROM w`,
    [held.map((h) => h.pid), direct?.pid ?? 0],
  )
  return row
}

/** Waits until `n` connections wait for the `held` transactions (`waiting`); with `direct`, one of them for that one. */
export function waitingOn(db: Database, held: Held[], n: number, direct?: Held): Promise<void> {
  return vi.waitFor(
    async () => {
      const row = await waiting(db, held, direct)
      expect(row.n).toBe(n)
      if (direct) expect(row.direct).toBe(1)
    },
    { timeout: 10_000, interval: 20 },
  )
}
