/**
 * Databases with an empty schema, for the tests of migrations themselves: the harness's storage
 * may come migrated (PGlite's copy of a template). Each is closed and dropped after its test.
 */
import { afterEach } from 'vitest'
import { openDatabase, type Database } from '../../server/db/index'
import { freshStorage, type Storage } from './harness'

export interface EmptySchemas {
  open(): Promise<Database>
  /** The test's database was closed by what it tested (a start that failed): only its storage is dropped. */
  closedElsewhere(): void
}

/** Call at the top of a test file: registers the clean-up after each test. */
export function emptySchemas(): EmptySchemas {
  let st: Storage | undefined
  let db: Database | undefined
  afterEach(async () => {
    await db?.close()
    await st?.drop()
    db = st = undefined
  })
  return {
    async open() {
      st = await freshStorage()
      db = await openDatabase({ dataDir: st.dataDir, databaseUrl: st.databaseUrl })
      await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;')
      return db
    },
    closedElsewhere() {
      db = undefined
    },
  }
}
