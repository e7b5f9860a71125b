import { defineConfig } from 'vitest/config'

// Vitest 5 wants Node 22 and its reporter calls Map.groupBy, which Node 20 lacks:
// without this, a failing run on Node 20 crashes while printing *why* it failed.
if (typeof (Map as { groupBy?: unknown }).groupBy !== 'function') {
  Object.defineProperty(Map, 'groupBy', {
    configurable: true,
    writable: true,
    value<K, T>(items: Iterable<T>, key: (item: T, index: number) => K): Map<K, T[]> {
      const groups = new Map<K, T[]>()
      let i = 0
      for (const item of items) {
        const k = key(item, i++)
        const group = groups.get(k)
        if (group) group.push(item)
        else groups.set(k, [item])
      }
      return groups
    },
  })
}

// End-to-end suite: real Chromium over the server `npm start` runs. One file at
// a time: the machine has two cores and each file drives a browser.
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.test.ts'],
    // One server for the run; the faults file starts (and stops) its own.
    globalSetup: ['tests/e2e/harness/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
