import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, chromiumPath } from './tests/e2e/harness/chromium'

// The browser suite: Debian's Chromium against the server as `npm start` runs
// it, on a free loopback port and a throwaway data directory.
//
// This file is loaded by the runner and again by every worker: the runner
// makes the data directory and the workers inherit its name (and the server's
// address, which the runner learns from the server's output) through the environment.
if (!process.env.FLEX_E2E_DATA_DIR) {
  const dataDir = mkdtempSync(join(tmpdir(), 'flex-e2e-'))
  process.env.FLEX_E2E_DATA_DIR = dataDir
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }))
}
// CI exports DATABASE_URL for the server suite; the browser suite wants an
// embedded database of its own (the restart tests keep or drop it at will).
delete process.env.DATABASE_URL

const CI = process.env.CI === 'true'

export default defineConfig({
  testDir: 'tests/e2e',
  // The whole-journey tests take a few seconds each on a busy two-core machine;
  // the outage test, which restarts the server four times, sets its own.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two workers, even on two cores: most of a test is a browser waiting on the
  // server and the server on its database, and one worker ran the suite slower
  // than the old one-file-at-a-time harness. Tests of a file may run in either
  // worker, so none depends on another (a file with a server of its own keeps to one).
  workers: 2,
  fullyParallel: true,
  forbidOnly: CI,
  retries: 0,
  reporter: 'list',
  // Traces and screenshots of failures (gitignored); the suite's own
  // screenshots for people to look at go to test-artifacts/e2e/.
  outputDir: 'test-artifacts/playwright',
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    viewport: { width: 1280, height: 800 },
    permissions: ['clipboard-read', 'clipboard-write'],
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    // `npm start` is `exec node --import tsx server/main.ts`: SIGTERM reaches the server itself.
    command: 'npm start',
    env: { PORT: '0', HOST: '127.0.0.1', DATA_DIR: process.env.FLEX_E2E_DATA_DIR },
    // The address it prints becomes FLEX_E2E_URL for the tests.
    wait: { stdout: /Flex Portal is running at (?<flex_e2e_url>http:\/\/\S+)/ },
    timeout: 120_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
