/**
 * Migrations the previous version's servers must not run beside (`-- breaks-previous:`): the
 * server that applies one says so, and a server that does not know one refuses the database.
 */
import { describe, expect, it } from 'vitest'
import { loadMigrations, migrate, NewerSchemaError, type Migration } from '../../server/db/migrate'
import { ConfigError } from '../../server/config'
import { startServer } from '../../server/start'
import { emptySchemas } from './empty-schema'

const schemas = emptySchemas()
const emptyDatabase = () => schemas.open()

const first: Migration = { version: 1, name: 'first', sql: 'CREATE TABLE first_table (x integer)' }
const additive: Migration = { version: 2, name: 'more', sql: 'ALTER TABLE first_table ADD COLUMN y integer' }
const breaking: Migration = {
  version: 3,
  name: 'rekey',
  sql: 'ALTER TABLE first_table ADD PRIMARY KEY (x)',
  breaksPrevious: 'the old key is gone',
}

describe('migrations that break the previous version', () => {
  it('are read from their file’s breaks-previous line', async () => {
    const marked = (await loadMigrations()).filter((m) => m.breaksPrevious).map((m) => m.version)
    expect(marked).toEqual([17, 19, 23, 26, 27, 29])
  })

  it('are named by the server that applies them to a database migrated before, and only they', async () => {
    const database = await emptyDatabase()
    const lines: string[] = []
    expect(await migrate(database, [first], (line) => lines.push(line))).toEqual([1])
    expect(await migrate(database, [first, additive, breaking], (line) => lines.push(line))).toEqual([2, 3])
    expect(lines).toEqual([
      'Migration 003_rekey applied: stop every server of an earlier version now, they must not run beside this one (the old key is gone).',
    ])
    // A second start applies and says nothing.
    expect(await migrate(database, [first, additive, breaking], (line) => lines.push(line))).toEqual([])
    expect(lines).toHaveLength(1)
  })

  it('are not named on a new database: it has no earlier servers to stop', async () => {
    const database = await emptyDatabase()
    const lines: string[] = []
    expect(await migrate(database, [first, additive, breaking], (line) => lines.push(line))).toEqual([1, 2, 3])
    expect(lines).toEqual([])
  })

  it('make a server that does not know them refuse the database, with what to do', async () => {
    const database = await emptyDatabase()
    await migrate(database, [first, additive, breaking])
    const refusal = migrate(database, [first, additive])
    await expect(refusal).rejects.toBeInstanceOf(NewerSchemaError)
    await expect(refusal).rejects.toThrow(
      'The database was migrated by a newer release (migration 003_rekey), which servers of this version must not run on: the old key is gone. Start the newer release, or restore the backup taken before the upgrade.',
    )
  })

  it('leave a server that only misses additive ones to run', async () => {
    const database = await emptyDatabase()
    await migrate(database, [first, additive])
    expect(await migrate(database, [first])).toEqual([])
  })

  it('are recorded on a database whose migrations table predates the mark', async () => {
    const database = await emptyDatabase()
    await database.exec(`CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now());
      INSERT INTO schema_migrations (version, name) VALUES (1, 'first'); CREATE TABLE first_table (x integer);`)
    expect(await migrate(database, [first, breaking])).toEqual([3])
    await expect(migrate(database, [first])).rejects.toThrow('migration 003_rekey')
  })

  it('stop the start with what to do, in one sentence, and close the database', async () => {
    const database = await emptyDatabase()
    await migrate(database)
    await database.query(`INSERT INTO schema_migrations (version, name, breaks_previous) VALUES (999, 'from_the_future', 'its rows are new')`)
    const start = startServer({ db: database, port: 0, log: () => {} })
    await expect(start).rejects.toBeInstanceOf(ConfigError)
    await expect(start).rejects.toThrow('newer release (migration 999_from_the_future)')
    schemas.closedElsewhere()
  })
})
