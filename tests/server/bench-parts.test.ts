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
 *
 * The parts that are benches of their own (bench/log-parts.ts) run here to
 * their end at their smallest (no warm-up: a load of a second per variant or
 * target, which is what they assert on), so that none breaks unseen: what reporting
 * request logs costs a provider, what key restrictions cost verification
 * (PGlite), and, on PostgreSQL alone as the bench itself, request logs'
 * ingestion and reading.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { requestLogCostPart, requestLogsPart, restrictedVerifyPart } from '../../bench/log-parts'
import { writePages } from '../../bench/pages'
import { spawnServer } from '../../bench/spawn-server'
import { freshStorage, usePostgres, type Storage } from './harness'
import { serverArgs, stopped } from './server-process'

const serverEntry = () => serverArgs().find((arg) => arg.endsWith('.mjs')) ?? 'server/main.ts'
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
    const { child, url } = await spawnServer(serverEntry(), { DATA_DIR: storage.dataDir, DATABASE_URL: '' })
    try {
      expect(await (await fetch(`${url}/api/health`)).json()).toEqual({ status: 'ok' })
    } finally {
      await stopped(child)
    }
  })
})

// Each spawns servers and loads them for a second or two: minutes of CPU on a loaded machine.
describe.skipIf(usePostgres)('the request-log cost and key-restriction parts, at their smallest', { timeout: 600_000 }, () => {
  it('requestlogcost loads the provider with reporting off, on and with the portal down, no request failing', async () => {
    const result = await requestLogCostPart(true)
    expect(result.variants.map((v) => v.variant)).toEqual(['off', 'on', 'down'])
    for (const v of result.variants) {
      expect(v.requests).toBeGreaterThan(0)
      expect(v.failed).toBe(0)
    }
    expect(result.portalEntries).toBeGreaterThan(0)
  })

  it('restrictedverify verifies its three bodies, with no error', async () => {
    // On the run's bundle and a copy of its migrated database, as above.
    storage = await freshStorage()
    const result = await restrictedVerifyPart(true, 1, { entry: serverEntry(), dataDir: storage.dataDir })
    expect(result.targets).toHaveLength(3)
    for (const t of result.targets) {
      expect(t.requestsPerSec).toBeGreaterThan(0)
      expect(t.errors).toBe(0)
    }
  })
})

describe.runIf(usePostgres)('the request-log part on PostgreSQL, at its smallest', { timeout: 600_000 }, () => {
  it('requestlogs ingests through the API, fills a project, reads every page and the summary, and purges the project once deleted', async () => {
    const result = await requestLogsPart(true)
    expect(result?.ingest.accepted).toBe(2000)
    expect(result?.filled.rows).toBeGreaterThan(2000)
    expect(result?.reads).toHaveLength(11)
    expect(result?.purged.left).toBe(0)
  })
})
