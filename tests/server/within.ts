/**
 * Polls `check` every few milliseconds until it holds, and resolves with the
 * milliseconds that took; fails once `ms` have passed. For what another
 * connection or instance makes true a moment later (a NOTIFY heard), where
 * `ms` is the bound the product promises.
 */
export async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const start = performance.now()
  while (!(await check())) {
    if (performance.now() - start > ms) throw new Error(`not within ${ms} ms`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  return performance.now() - start
}
