import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { twindCss } from './build/twind-css.ts'

// The PostgreSQL pass of the server suite runs when DATABASE_URL is set, and
// always in CI, where a missing DATABASE_URL must fail the run, not skip it.
const withPostgres = Boolean(process.env.DATABASE_URL) || process.env.CI === 'true'

export default defineConfig({
  test: {
    // Vitest's default leaves a core free: one worker on a two-core machine.
    // Server files spend part of their time waiting (child processes,
    // sockets, PostgreSQL's own work), so a worker more than two keeps two
    // cores busy (docs/development.md has the figures).
    maxWorkers: Math.max(3, availableParallelism()),
    projects: [
      {
        plugins: [twindCss()],
        test: {
          name: 'ui',
          environment: 'happy-dom',
          include: ['tests/ui/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/ui/setup.ts', 'tests/ui/setup-screens.ts'],
          // Every component test renders React screens into happy-dom: a
          // second of CPU or so, which a machine loaded by other work
          // stretches past vitest's 5 s (in a run at a load average of 35–40,
          // 18 of the 43 files then on that default had a test time out).
          testTimeout: 30_000,
          // Each file still gets a window and modules of its own, in a new VM
          // context of a worker thread that lives on, instead of a new process
          // that loads Node, vitest, happy-dom and React again: half the CPU time.
          pool: 'vmThreads',
        },
      },
      {
        plugins: [twindCss()],
        test: {
          // As `ui`, without loading the widget's screens before each file:
          // these check the build, its output and the sources as files.
          name: 'build',
          environment: 'happy-dom',
          include: ['tests/build/**/*.test.ts'],
          setupFiles: ['tests/ui/setup.ts'],
          pool: 'vmThreads',
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/global-setup.ts'],
          // A worker runs its files one after another in one module graph, so
          // the harness's shared database (tests/server/harness.ts) is started
          // once per worker, not once per file. Server test files therefore
          // must not mock modules (vi.mock) or leave globals changed.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // A poll waits for a database, a child process or a socket: on a 2-core machine running every project
          // at once, vitest's 1 s can pass before the condition holds. A condition met returns at once.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: 'server-pg',
                environment: 'node' as const,
                include: ['tests/server/**/*.test.ts'],
                globalSetup: ['tests/server/global-setup.ts'],
                env: { FLEX_TEST_DB: 'postgres' },
                isolate: false, // as for `server`
                testTimeout: 30_000,
                hookTimeout: 60_000,
                expect: { poll: { timeout: 10_000 } }, // as for `server`
              },
            },
          ]
        : []),
    ],
  },
})
