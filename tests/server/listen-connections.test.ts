/**
 * An app's in-memory caches (keys, tokens, project lists) each hold a LISTEN
 * connection to PostgreSQL; closing the app ends them. Many apps on one
 * database server (the test suite, or a process that makes apps) must not
 * leave them open.
 */
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { createTestServer, newProject, signUp, usePostgres } from './harness'

describe.runIf(usePostgres)('closing an app on PostgreSQL', () => {
  it('ends the LISTEN connections its caches opened', async () => {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await admin.connect()
    let database = ''
    // Connections of this test's own database only: other files run beside it on the same server.
    const listening = async () => {
      const { rows } = await admin.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE query ILIKE 'LISTEN%' AND datname = $1", [
        database,
      ])
      return rows[0].n
    }
    try {
      const s = await createTestServer({ ownStorage: true })
      database = new URL(s.storage.databaseUrl!).pathname.slice(1)
      const before = 0
      const user = await signUp(s) // a token looked up, and the project list read below
      await newProject(s, user.accessToken)
      expect((await s.request('GET', '/api/manage/dapp/owner', { token: user.accessToken })).status).toBe(200)
      await expect.poll(listening).toBeGreaterThan(before)
      await s.close()
      await expect.poll(listening).toBe(before)
    } finally {
      await admin.end()
    }
  })
})
