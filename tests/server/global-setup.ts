/**
 * Runs once per test run, before any server test file, in vitest's main
 * process. Making an empty PostgreSQL costs seconds (initdb; in WebAssembly
 * for PGlite), so it is done here and every test file starts from it:
 * - PGlite: a migrated data folder (copied by `freshStorage()`) and the same
 *   folder as one tarball (loaded into memory once per worker, where each
 *   test then gets its own schema). Both are kept between runs, under
 *   node_modules/.cache, for as long as PGlite's version and the migrations
 *   stay the same: initdb would otherwise hold every test back at each run's start.
 * - PostgreSQL (`server-pg`): one database for the run, in which each test
 *   gets its own schema, dropped when the run ends, with the event triggers
 *   of storage.ts's DDL_WATCH.
 * - server/main.ts bundled to one file (server-build.ts), for the tests that
 *   start the server in a process of its own; removed when the run ends.
 */
import { PGlite } from '@electric-sql/pglite'
import { createHash, randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { pgliteDatabase } from '../../server/db/pglite'
import { loadMigrations, migrate } from '../../server/db/migrate'
import { buildServerEntry } from './server-build'
import { createDatabase, DDL_WATCH, dropDatabase, urlForDatabase } from './storage'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data folder, to copy. */
    flexPgliteTemplate: string
    /** The same folder as an uncompressed tarball, for `PGlite.create({ loadDataDir })`. */
    flexPgliteDump: string
    /** postgres://… of the run's database (server-pg only; '' otherwise). */
    flexPostgresUrl: string
  }
}

export default async function setup(project: TestProject) {
  // The project's env (FLEX_TEST_DB) reaches its test files, not this process.
  const postgres = project.config.env?.FLEX_TEST_DB === 'postgres'
  const template = postgres ? undefined : await pgliteTemplate()
  project.provide('flexPgliteTemplate', template ? join(template, 'data') : '')
  project.provide('flexPgliteDump', template ? join(template, 'data.tar') : '')

  let runDatabase = ''
  if (postgres) {
    runDatabase = `flex_test_run_${randomBytes(6).toString('hex')}`
    await createDatabase(runDatabase)
    const run = new pg.Client({ connectionString: urlForDatabase(runDatabase) })
    await run.connect()
    try {
      await run.query(DDL_WATCH)
    } finally {
      await run.end()
    }
  }
  project.provide('flexPostgresUrl', runDatabase ? urlForDatabase(runDatabase) : '')

  await mkdir(CACHE, { recursive: true })
  const serverEntry = join(CACHE, `server-${randomBytes(6).toString('hex')}.mjs`)
  await buildServerEntry(serverEntry)
  project.provide('flexServerEntry', serverEntry)
  // In watch mode the server's source may have changed before a rerun.
  project.onTestsRerun(() => buildServerEntry(serverEntry))

  return async () => {
    await rm(serverEntry, { force: true })
    if (runDatabase) await dropDatabase(runDatabase)
  }
}

/**
 * WAL in 1 MB segments instead of 16: the migrated template keeps 5 MB of WAL
 * instead of a 16 MB segment, so it is 29 MB instead of 40, and each copy of
 * it (every test with storage of its own) and each worker's load of the
 * tarball costs that much less. How PostgreSQL writes its WAL changes no
 * answer of the app.
 */
const INITDB_ARGS = ['--wal-segsize=1']

const CACHE = fileURLToPath(new URL('../../node_modules/.cache/flex-portal-tests/', import.meta.url))

/** The folder holding the migrated PGlite template (`data/`) and its tarball (`data.tar`): the cached one, or one made now. */
async function pgliteTemplate(): Promise<string> {
  const key = createHash('sha256')
  key.update(JSON.parse(await readFile(fileURLToPath(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url)), 'utf8')).version)
  key.update(INITDB_ARGS.join(' '))
  for (const m of await loadMigrations()) key.update(`\0${m.version}\0${m.name}\0${m.sql}`)
  const name = `pglite-${key.digest('hex').slice(0, 16)}`
  const dir = join(CACHE, name)
  if (existsSync(join(dir, 'data.tar'))) {
    await utimes(dir, new Date(), new Date()) // in use: kept from the clean-up below
    return dir
  }

  await mkdir(CACHE, { recursive: true })
  // Made aside and renamed into place, so a run never sees half a template.
  const making = await mkdtemp(join(CACHE, 'making-'))
  const db = await PGlite.create({ dataDir: join(making, 'data'), initDbStartParams: INITDB_ARGS })
  await migrate(pgliteDatabase(db))
  await writeFile(join(making, 'data.tar'), Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer()))
  await db.close()
  try {
    await rename(making, dir)
  } catch (e) {
    await rm(making, { recursive: true, force: true })
    if (!existsSync(join(dir, 'data.tar'))) throw e // else another run made it first
  }
  // Templates for other migrations or another PGlite are of no more use once no run has used them for a day: a
  // second checkout sharing these node_modules (a git worktree) may be running on one now, copying from it.
  for (const old of await readdir(CACHE)) {
    if (!old.startsWith('pglite-') || old === name) continue
    const used = (await stat(join(CACHE, old)).catch(() => undefined))?.mtimeMs ?? Date.now() // gone meanwhile: nothing to do
    if (used < Date.now() - 86_400_000) await rm(join(CACHE, old), { recursive: true, force: true })
  }
  return dir
}
