/**
 * A transaction holds one of the pool's connections from BEGIN to COMMIT. When PostgreSQL ends that
 * connection under it (a restart, a failover, an operator's pg_terminate_backend), the transaction fails and
 * the server goes on: the connection is not handed out again, and the next query gets a working one.
 */
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { openPostgres } from '../../server/db/postgres'
import { usePostgres } from './harness'

describe.runIf(usePostgres)('a transaction whose connection PostgreSQL ends', () => {
  it('fails, without an uncaught error that would stop the process, and the pool goes on with a new connection', async () => {
    const db = await openPostgres(process.env.DATABASE_URL!, 2)
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await admin.connect()
    const uncaught: unknown[] = []
    const onUncaught = (err: unknown) => uncaught.push(err)
    process.on('uncaughtException', onUncaught)
    try {
      const failed = db.transaction(async (tx) => {
        const [{ pid }] = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')
        await admin.query('SELECT pg_terminate_backend($1)', [pid])
        // Between two statements, as while a route works out what to write next: asked until the end is seen.
        for (;;) await tx.query('SELECT 1')
      })
      await expect(failed).rejects.toThrow()
      expect(uncaught).toEqual([])
      expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }])
      expect(await db.transaction((tx) => tx.query('SELECT 2 AS two'))).toEqual([{ two: 2 }])
    } finally {
      process.off('uncaughtException', onUncaught)
      await admin.end()
      await db.close()
    }
  })
})
