import { afterEach, describe, expect, it } from 'vitest'
import { createTestServer, newProject, signUp, type TestServer } from './harness'

// The harness hands a schema a test is done with to the next test: these
// check that nothing of the first test reaches the second that way.

let s: TestServer | undefined
afterEach(async () => {
  await s?.close()
  s = undefined
})

const schemaOf = async (server: TestServer) => (await server.db.query<{ name: string }>('SELECT current_schema() AS name'))[0].name

/** The columns (with types and defaults), constraints and indexes of the test server's schema. */
async function layoutOf(server: TestServer) {
  const columns = await server.db.query(
    `SELECT table_name, column_name, data_type, column_default, is_nullable FROM information_schema.columns
    WHERE table_schema = current_schema() ORDER BY table_name, column_name`,
  )
  const constraints = await server.db.query(
    `SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE connamespace = current_schema()::regnamespace ORDER BY conname`,
  )
  const indexes = await server.db.query(`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() ORDER BY indexname`)
  const migrations = await server.db.query('SELECT version, name FROM schema_migrations ORDER BY version')
  const strip = (rows: unknown[], schema: string) => JSON.parse(JSON.stringify(rows).replaceAll(`${schema}.`, ''))
  const schema = await schemaOf(server)
  return { columns, constraints: strip(constraints, schema), indexes: strip(indexes, schema), migrations }
}

describe('the schema a test server leaves behind', () => {
  it('comes to the next test empty, its identity columns starting again', async () => {
    s = await createTestServer()
    const first = await schemaOf(s)
    const u = await signUp(s)
    await newProject(s, u.accessToken)
    const [{ seq }] = await s.db.query<{ seq: string }>('SELECT seq::text FROM projects')
    await s.close()

    s = await createTestServer()
    expect(await schemaOf(s)).toBe(first) // reused, not a new one
    for (const table of ['users', 'devices', 'tokens', 'projects', 'api_keys', 'rate_limits']) {
      expect(await s.db.query(`SELECT * FROM ${table}`), table).toEqual([])
    }
    const u2 = await signUp(s)
    await newProject(s, u2.accessToken)
    expect(await s.db.query<{ seq: string }>('SELECT seq::text FROM projects')).toEqual([{ seq }])
  })

  it('comes to the next test without the request logs the app wrote, nor the day partitions it made for them', async () => {
    s = await createTestServer()
    const migrated = await layoutOf(s)
    const first = await schemaOf(s)
    // As the ingest makes a day's partition (server/resources/logs/partitions.ts), then a row in it.
    await s.db.exec("CREATE TABLE request_logs_20260101 PARTITION OF request_logs FOR VALUES FROM ('2026-01-01T00:00:00Z') TO ('2026-01-02T00:00:00Z')")
    await s.db.query(
      "INSERT INTO request_logs (project_id, key_id, request_id, at, method, route, status, duration_ms) VALUES ('p', 'k', 'r', '2026-01-01T12:00:00Z', 'GET', '/', 200, 1)",
    )
    await s.close()

    s = await createTestServer()
    expect(await schemaOf(s)).toBe(first) // emptied, not migrated again
    expect(await s.db.query('SELECT * FROM request_logs')).toEqual([])
    expect(await layoutOf(s)).toEqual(migrated)
  })

  it.each([
    ['a dropped table', 'DROP TABLE api_keys'],
    ['an added column', 'ALTER TABLE users ADD COLUMN nickname text'],
    ['a dropped NOT NULL', 'ALTER TABLE users ALTER COLUMN name DROP NOT NULL'],
    ['a changed default', "ALTER TABLE projects ALTER COLUMN description SET DEFAULT 'x'"],
    ['a new index', 'CREATE INDEX users_name ON users (name)'],
    ['a new constraint', 'ALTER TABLE users ADD CONSTRAINT short_name CHECK (length(name) < 500)'],
    ['a new table', 'CREATE TABLE extra (id integer)'],
    ['a forgotten migration', 'DELETE FROM schema_migrations WHERE version = 3'],
  ])('is not given to the next test after %s', async (_, sql) => {
    s = await createTestServer()
    const migrated = await layoutOf(s)
    const first = await schemaOf(s)
    await s.db.exec(sql)
    await s.close()

    s = await createTestServer()
    expect(await schemaOf(s)).not.toBe(first)
    expect(await layoutOf(s)).toEqual(migrated)
  })
})
