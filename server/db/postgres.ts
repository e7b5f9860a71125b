import pg from 'pg'
import type { Database, Queryable, Row } from './index'

/** A PostgreSQL server through a node-postgres pool: real parallel connections. */
export async function openPostgres(connectionString: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max })
  // An idle client losing its connection emits 'error' on the pool; without a
  // listener that would crash the process. The next query gets a new client.
  pool.on('error', (err) => console.error(`database: idle connection error: ${err.message}`))
  // Fail at start, not on the first request, when the server is unreachable.
  await pool.query('SELECT 1')

  const wrap = (q: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      return (await q.query<T>(sql, [...params])).rows
    },
    async exec(sql: string) {
      // Without parameters node-postgres uses the simple protocol, which
      // accepts several statements in one string.
      await q.query(sql)
    },
  })

  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect()
      let broken = false
      try {
        await client.query('BEGIN')
        const result = await fn(wrap(client))
        await client.query('COMMIT')
        return result
      } catch (err) {
        try {
          await client.query('ROLLBACK')
        } catch {
          broken = true // the connection itself failed: do not return it to the pool
        }
        throw err
      } finally {
        client.release(broken)
      }
    },
    close: async () => {
      if (!pool.ended && !pool.ending) await pool.end()
    },
  }
}
