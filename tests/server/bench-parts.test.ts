/**
 * `npm run bench` runs its parts one after another in one process, so what
 * one part leaves in the process reaches the next: the start-up part's Vite
 * build left NODE_ENV=production behind, and the webhook part's server on the
 * embedded database then refused to start. Here, in this process as in the
 * bench's (with no NODE_ENV of its own, as under npm run bench), the start-up
 * part's first step runs (writing its pages: the Vite build of the bare React
 * page), then a server part's first step: `npm start`'s entry spawned by
 * the bench's spawnServer on the embedded database, as the server, webhook
 * and chaos parts start it (the run's bundle of server/main.ts, on a copy of
 * the run's migrated database, which start on less CPU than compiling the
 * server and making a database again; the environment is the bench's all the
 * same). Chromium's loads and the load tests are left out: they cost many
 * seconds of CPU and leave nothing in this process.
 * `BENCH_QUICK=true npm run bench` runs every part at its smallest.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { writePages } from '../../bench/pages'
import { spawnServer } from '../../bench/spawn-server'
import { freshStorage, usePostgres, type Storage } from './harness'
import { serverArgs, stopped } from './server-process'

const nodeEnv = process.env.NODE_ENV
let pages: string | undefined
let storage: Storage | undefined
afterEach(async () => {
  // The server suite's workers run file after file: leave the environment as found.
  process.env.NODE_ENV = nodeEnv
  if (pages) await rm(pages, { recursive: true, force: true })
  await storage?.drop()
  pages = storage = undefined
})

// The bench's servers run on their own embedded databases whatever the suite's database: once is enough.
describe.skipIf(usePostgres)("the bench's parts in one process", { timeout: 120_000 }, () => {
  it("the start-up part's Vite build leaves NODE_ENV alone, and a server part spawned after it starts", async () => {
    delete process.env.NODE_ENV
    pages = await mkdtemp(join(tmpdir(), 'flex-bench-pages-'))
    await writePages(pages)
    expect(await readdir(pages)).toContain('bench-bare-react.js')
    expect(process.env.NODE_ENV).toBeUndefined()

    storage = await freshStorage()
    const entry = serverArgs().find((arg) => arg.endsWith('.mjs')) ?? 'server/main.ts'
    const { child, url } = await spawnServer(entry, { DATA_DIR: storage.dataDir, DATABASE_URL: '' })
    try {
      expect(await (await fetch(`${url}/api/health`)).json()).toEqual({ status: 'ok' })
    } finally {
      await stopped(child)
    }
  })
})
