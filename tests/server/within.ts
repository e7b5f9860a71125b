/**
 * How long a test waits for another connection or instance to hear a change
 * (PostgreSQL's NOTIFY): well under the caches' own lifetimes (10 s for tokens
 * and project lists, 5 min for keys), so a change seen in time was heard, not
 * outlived; and long enough for a machine loaded by other work. How soon it is
 * heard is not a check (a few of these tests print it).
 */
export const HEARD_MS = 5000

/**
 * Polls `check` every few milliseconds until it holds, and resolves with the
 * milliseconds that took; fails once `ms` have passed. For what another
 * connection or instance makes true a moment later (a NOTIFY heard).
 */
export async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const start = performance.now()
  while (!(await check())) {
    if (performance.now() - start > ms) throw new Error(`not within ${ms} ms`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  return performance.now() - start
}
