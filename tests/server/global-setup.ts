/**
 * Runs once per test run, before any server test file, in vitest's main
 * process. Making an empty PostgreSQL costs seconds (initdb; in WebAssembly
 * for PGlite), so it is done here once and every test file starts from it:
 * - PGlite: a migrated data folder (copied by `freshStorage()`) and the same
 *   folder as one tarball (loaded into memory once per test file, where each
 *   test then gets its own schema).
 * - PostgreSQL (`server-pg`): one database for the run, in which each test
 *   gets its own schema.
 * Everything made here is removed when the run ends.
 */
import { PGlite } from '@electric-sql/pglite'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { pgliteDatabase } from '../../server/db/pglite'
import { migrate } from '../../server/db/migrate'
import { adminUrl, scratchDir, urlForDatabase, waitForNoConnections } from './storage'

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
  const dir = await mkdtemp(join(await scratchDir(), 'flex-template-'))
  const dataDir = join(dir, 'data')
  const dumpFile = join(dir, 'data.tar')
  if (!postgres) {
    const db = await PGlite.create({ dataDir })
    await migrate(pgliteDatabase(db))
    await writeFile(dumpFile, Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer()))
    await db.close()
  }
  project.provide('flexPgliteTemplate', dataDir)
  project.provide('flexPgliteDump', dumpFile)

  let runDatabase = ''
  if (postgres) {
    runDatabase = `flex_test_run_${randomBytes(6).toString('hex')}`
    const c = new pg.Client({ connectionString: adminUrl() })
    await c.connect()
    try {
      await c.query(`CREATE DATABASE ${runDatabase}`)
    } finally {
      await c.end()
    }
  }
  project.provide('flexPostgresUrl', runDatabase ? urlForDatabase(runDatabase) : '')

  return async () => {
    await rm(dir, { recursive: true, force: true })
    if (!runDatabase) return
    const c = new pg.Client({ connectionString: adminUrl() })
    await c.connect()
    try {
      await waitForNoConnections(c, runDatabase)
      await c.query(`DROP DATABASE IF EXISTS ${runDatabase} WITH (FORCE)`)
    } finally {
      await c.end()
    }
  }
}
