import { defineConfig } from 'vitest/config'

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
