import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { LOCK_FILE } from '../../server/db/data-dir-lock'
import { openDatabase } from '../../server/db/index'
import { loadMigrations, migrate, type Migration } from '../../server/db/migrate'
import { createTestServer, freshStorage, newProject, signUp, usePostgres, type TestServer } from './harness'

let s: TestServer | undefined
afterEach(async () => {
  await s?.close()
  s = undefined
})

describe('persistence', () => {
  it('keeps accounts, sessions, projects and keys across a restart on the same storage', async () => {
    s = await createTestServer({ ownStorage: true })
    const u = await signUp(s)
    const p = await newProject(s, u.accessToken)
    const extra = await s.request('POST', `/api/manage/dapp/${p.id}/api-key`, { token: u.accessToken })

    await s.restart()

    // The old access token still works, and the data is all there.
    const list = await s.request('GET', '/api/manage/dapp/owner', { token: u.accessToken })
    expect(list.status).toBe(200)
    expect(list.body.map((x: { id: string }) => x.id)).toEqual([p.id])
    const detail = await s.request('GET', `/api/manage/dapp/${p.id}`, { token: u.accessToken })
    expect(Object.keys(detail.body.apiKey)).toEqual([...Object.keys(p.apiKey), ...Object.keys(extra.body)])
    // So does the password, and the device token.
    const login = await s.request('POST', '/api/auth/authenticate', { token: u.deviceToken, body: { email: u.email, password: u.password } })
    expect(login.status).toBe(200)
  })

  it('keeps rate-limit counters across a restart', async () => {
    s = await createTestServer({ ownStorage: true, config: { rateLimit: { perEmail: 1, perIp: 100, windowSeconds: 600 } } })
    const u = await signUp(s)
    const attempt = () => s!.request('POST', '/api/auth/authenticate', { token: u.deviceToken, body: { email: u.email, password: 'wrong-password' } })
    expect((await attempt()).status).toBe(401)
    await s.restart()
    expect((await attempt()).status).toBe(429)
  })
})

describe('migrations', () => {
  it('record each applied version once; running them again applies nothing', async () => {
    s = await createTestServer({ ownStorage: true })
    const files = await loadMigrations()
    // Increasing from 1 (work on parallel branches may leave a number free until it merges).
    expect(files.map((m) => m.version)).toEqual(files.map((m) => m.version).sort((a, b) => a - b))
    expect(new Set(files.map((m) => m.version)).size).toBe(files.length)
    expect(files[0]).toMatchObject({ version: 1, name: 'initial' })

    const rows = await s.db.query<{ version: number; name: string }>('SELECT version, name FROM schema_migrations ORDER BY version')
    expect(rows).toEqual(files.map((m) => ({ version: m.version, name: m.name })))
    expect(await migrate(s.db)).toEqual([])
    await s.restart()
    expect(await s.db.query('SELECT version FROM schema_migrations')).toHaveLength(files.length)
  })

  it('apply a new migration at the next start, and only that one', async () => {
    s = await createTestServer()
    const extra: Migration = { version: 999, name: 'add_test_table', sql: 'CREATE TABLE test_extra (id integer); INSERT INTO test_extra VALUES (1);' }
    const all = [...(await loadMigrations()), extra]
    expect(await migrate(s.db, all)).toEqual([999])
    expect(await migrate(s.db, all)).toEqual([])
    expect(await s.db.query('SELECT id FROM test_extra')).toEqual([{ id: 1 }])
  })

  it('leave nothing behind when a migration fails', async () => {
    s = await createTestServer()
    const good: Migration = { version: 900, name: 'good', sql: 'CREATE TABLE test_good (id integer);' }
    const bad: Migration = { version: 901, name: 'bad', sql: 'CREATE TABLE test_half (id integer); SELECT no_such_function();' }
    await expect(migrate(s.db, [...(await loadMigrations()), good, bad])).rejects.toThrow(/no_such_function/)
    // This test's schema alone (every server-pg worker shares the database, and makes tables of its own meanwhile),
    // and test_ as written (an underscore alone matches any character).
    const tables = await s.db.query<{ n: string }>(
      "SELECT table_name AS n FROM information_schema.tables WHERE table_schema = current_schema() AND table_name LIKE 'test\\_%'",
    )
    expect(tables).toEqual([])
    expect(await s.db.query('SELECT 1 FROM schema_migrations WHERE version >= 900')).toEqual([])
  })

  it('run once when instances start together (the advisory lock)', async () => {
    s = await createTestServer()
    const counter: Migration = { version: 950, name: 'counter', sql: 'CREATE TABLE test_runs (n integer); INSERT INTO test_runs VALUES (1);' }
    const all = [...(await loadMigrations()), counter]
    const results = await Promise.all([migrate(s.db, all), migrate(s.db, all), migrate(s.db, all)])
    expect(results.flat()).toEqual([950])
    expect(await s.db.query('SELECT n FROM test_runs')).toEqual([{ n: 1 }])
  })

  it('refuse badly named files and duplicate versions', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flex-migrations-'))
    try {
      await writeFile(join(dir, '001_first.sql'), 'SELECT 1;')
      await writeFile(join(dir, '01-second.sql'), 'SELECT 1;')
      await expect(loadMigrations(dir)).rejects.toThrow('Migration file name must look like 001_name.sql: 01-second.sql')
      await rm(join(dir, '01-second.sql'))
      await writeFile(join(dir, '001_again.sql'), 'SELECT 1;')
      await expect(loadMigrations(dir)).rejects.toThrow('Two migrations share version 001')
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe.skipIf(usePostgres)('the embedded database folder', () => {
  it('runs with fsync on (PGlite’s own default is off)', async () => {
    s = await createTestServer({ ownStorage: true })
    expect(await s.db.query('SHOW fsync')).toEqual([{ fsync: 'on' }])
  })

  it('is used by one server at a time: a second open is refused with a clear message', async () => {
    const storage = await freshStorage()
    try {
      const first = await openDatabase({ dataDir: storage.dataDir })
      await expect(openDatabase({ dataDir: storage.dataDir })).rejects.toThrow(
        /^DATA_DIR .+ is in use by another process \(pid \d+\)\. Stop it, give this server its own DATA_DIR, or let several servers share one PostgreSQL through DATABASE_URL\. If no server uses it, delete .+flex-portal\.lock\.$/,
      )
      await first.close()
      const again = await openDatabase({ dataDir: storage.dataDir })
      expect(await again.query('SELECT 1 AS ok')).toEqual([{ ok: 1 }])
      await again.close()
    } finally {
      await storage.drop()
    }
  })

  it('is vacuumed by the server itself (single-user PostgreSQL has no autovacuum): rows updated over and over do not grow their table', async () => {
    const storage = await freshStorage()
    try {
      const db = await openDatabase({ dataDir: storage.dataDir, vacuumEveryMs: 100 })
      await db.exec(
        'CREATE TABLE churn (id int PRIMARY KEY, n int); CREATE INDEX churn_n ON churn (n); INSERT INTO churn SELECT g, 0 FROM generate_series(1, 100) g',
      )
      const vacuums = async () =>
        Number((await db.query<{ n: string }>("SELECT vacuum_count AS n FROM pg_stat_user_tables WHERE relname = 'churn'"))[0]?.n ?? 0)
      for (let i = 0; i < 400; i++) {
        await db.query('UPDATE churn SET n = n + 1')
        // Now and then the server's own vacuum runs between the updates, as it does between requests.
        if (i % 50 === 0) {
          const before = await vacuums()
          await expect.poll(vacuums, { timeout: 10_000, interval: 20 }).toBeGreaterThan(before)
        }
      }
      const [size] = await db.query<{ heap: string; vacuumed: Date | null }>(
        "SELECT pg_relation_size('churn') AS heap, last_vacuum AS vacuumed FROM pg_stat_user_tables WHERE relname = 'churn'",
      )
      await db.close()
      expect(size.vacuumed).not.toBeNull()
      // Unvacuumed, these 40,000 row versions take 1.1 MB; the rows themselves fit in one 8 kB page.
      expect(Number(size.heap)).toBeLessThan(400 * 1024)
    } finally {
      await storage.drop()
    }
  }, 60_000) // a fresh database folder is made first, several seconds on a busy machine

  it('takes over a lock left by a process that is gone', async () => {
    const storage = await freshStorage()
    try {
      await writeFile(join(storage.dataDir, LOCK_FILE), '4194999') // above Linux's largest pid
      const db = await openDatabase({ dataDir: storage.dataDir })
      expect(await db.query('SELECT 1 AS ok')).toEqual([{ ok: 1 }])
      await db.close()
    } finally {
      await storage.drop()
    }
  })
})
