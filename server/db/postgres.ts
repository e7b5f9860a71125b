/**
 * The PostgreSQL adapter. Statements with parameters go as named prepared
 * statements (statementName). Interleaved A/Bs of bench/webhook-delivery.ts
 * (BENCH_WEBHOOK_BASELINE), 1,000 messages a round from 10 producers, each A/B
 * one run on a shared machine (1-minute load average at its start and end),
 * unnamed statements against named, in deliveries/s and database CPU a message:
 * - 6 rounds (16.7, 14.4): 658 and 547 (-17%); 595 and 815 µs (+37%);
 * - 6 rounds (12.4, 13.1): 754 and 688 (-9%); 575 and 430 µs (-25%);
 * - 8 rounds (13.0, 13.9): 451 and 498 (+10%); 700 and 475 µs (-32%);
 * - 8 rounds (13.9, 14.1): 374 and 412 (+10%); 725 and 535 µs (-26%);
 * - 8 rounds (9.8, 6.5): 930 and 1,198 (+29%); 760 and 555 µs (-27%);
 * - 8 rounds (8.4, 8.1): 1,049 and 1,281 (+22%); 640 and 415 µs (-35%);
 * - 8 rounds (7.5, 10.3): 739 and 1,004 (+36%); 645 and 465 µs (-28%).
 * The same names with plan_cache_mode = force_custom_plan (parsing saved,
 * planning not), in the second to fourth runs: -13%, -12%, -12% deliveries/s
 * and -5%, -9%, -4% database CPU. What pays is the generic plan.
 */
import { createHash, randomBytes } from 'node:crypto'
import pg from 'pg'
import type { Database, Queryable, Row } from './index'
import { CONNECT_TIMEOUT_MS, pgListener } from './pg-listen'
import { settlesWithin } from './settles-within'

/**
 * Statements with parameters go as named prepared statements, a name per SQL
 * text: node-postgres prepares each once per pooled connection, and the
 * server then neither parses it again nor, once it finds a generic plan as
 * good, plans it again. A plan keeps to the search_path it was made under
 * (PostgreSQL plans again when it changes, and each connection of a test's
 * schema has its own from its connection string). Texts built at run time
 * (a list of placeholders of varying length) could name without end: past
 * NAMED_TEXTS distinct texts, the rest go unnamed.
 */
const NAMED_TEXTS = 500
const names = new Map<string, string>()

function statementName(sql: string): string | undefined {
  let name = names.get(sql)
  if (name === undefined && names.size < NAMED_TEXTS) {
    name = `flex_${createHash('sha256').update(sql).digest('base64url').slice(0, 22)}`
    names.set(sql, name)
  }
  return name
}

/**
 * A column another instance's migration changed under a prepared statement
 * fails it on every connection that holds it; a new name prepares it afresh.
 */
function changedUnder(err: unknown, sql: string): boolean {
  if ((err as { code?: string }).code !== '0A000' || !/cached plan must not change result type/.test(String(err))) return false
  const name = names.get(sql)
  if (name) names.set(sql, `${name.slice(0, 27)}_${randomBytes(4).toString('hex')}`)
  return true
}

/** One connection, or the pool's next free one, as the server's Queryable. */
const wrap = (q: pg.Pool | pg.PoolClient): Queryable => ({
  async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
    const send = () => q.query<T>({ name: params.length > 0 ? statementName(sql) : undefined, text: sql, values: [...params] })
    try {
      return (await send()).rows
    } catch (err) {
      // Inside a transaction the error has aborted it: only the caller can start again.
      if (q instanceof pg.Pool && changedUnder(err, sql)) return (await send()).rows
      throw err
    }
  },
  async exec(sql: string) {
    // Without parameters node-postgres uses the simple protocol, which
    // accepts several statements in one string.
    await q.query(sql)
  },
})

/** How long close() waits for the statements still running before it cancels them. */
export const CLOSE_WAIT_MS = 5_000

/** A PostgreSQL server through a node-postgres pool: real parallel connections. */
export async function openPostgres(connectionString: string, max = 10, connectTimeoutMs = CONNECT_TIMEOUT_MS, closeWaitMs = CLOSE_WAIT_MS): Promise<Database> {
  // A server that takes the connection and never answers (frozen, or a silent proxy) would hold the start,
  // every request and the stop for good: a connection not made in time fails, as one refused does. On the
  // connection, not the pool: the pool's own limit would also fail a query waiting for a busy pool's turn.
  class TimedClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionTimeoutMillis: connectTimeoutMs })
    }
  }
  const pool = new pg.Pool({ connectionString, max, Client: TimedClient })
  // An idle client losing its connection emits 'error' on the pool; without a
  // listener that would crash the process. The next query gets a new client.
  pool.on('error', (err) => console.error(`database: idle connection error: ${err.message}`))
  // The pool's connections, for close() to cancel what is still running on them.
  const connections = new Set<pg.Client>()
  pool.on('connect', (c) => void connections.add(c))
  pool.on('remove', (c) => void connections.delete(c))
  // Fail at start, not on the first request, when the server is unreachable.
  await pool.query('SELECT 1')

  const listener = pgListener(connectionString, { connectTimeoutMs })

  return {
    kind: 'postgres',
    listen: listener.listen,
    notify: async (channel, payload = '') => {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload])
    },
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect()
      let broken = false
      // The pool listens for a connection's end only while it is idle: one that PostgreSQL ends under a
      // transaction (a restart, a failover, pg_terminate_backend) emits 'error' with no listener, which
      // stopped the process. Heard here, it fails the transaction's statement, and the client is not reused.
      const lost = () => void (broken = true)
      client.on('error', lost)
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
        client.off('error', lost)
        client.release(broken)
      }
    },
    close: async () => {
      await listener.close()
      if (pool.ended || pool.ending) return
      // pool.end() waits for every connection in use to come back: one whose statement waits on a row another
      // connection holds (another instance's open transaction) would hold the stop for as long as that one lasts.
      const ended = pool.end()
      if (await settlesWithin(ended, closeWaitMs)) return
      await cancelStatements([...connections], connectionString, connectTimeoutMs)
      if (await settlesWithin(ended, closeWaitMs)) return
      // Not even cancelled in time (a server that stopped answering): the sockets go, and their statements fail.
      for (const c of connections) (c as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy()
      await settlesWithin(ended, closeWaitMs)
    },
  }
}

/**
 * Cancels the statement each connection runs (pg_cancel_backend, from a connection of its own): its caller gets
 * an error, a transaction rolls back, and the connection comes back to the pool to be ended. A statement only
 * cut off from this side would run on, and a write waiting on a lock would still land once the lock is let go.
 */
async function cancelStatements(connections: pg.Client[], connectionString: string, connectTimeoutMs: number) {
  const pids = connections.map((c) => (c as unknown as { processID: number | null }).processID).filter((pid) => pid !== null)
  if (pids.length === 0) return
  const canceller = new pg.Client({ connectionString, connectionTimeoutMillis: connectTimeoutMs, query_timeout: connectTimeoutMs })
  canceller.on('error', () => undefined)
  try {
    await canceller.connect()
    await canceller.query('SELECT pg_cancel_backend(pid) FROM unnest($1::int[]) AS pid', [pids])
  } catch {
    // The server cannot be asked: the sockets go instead (close()).
  } finally {
    await canceller.end().catch(() => undefined)
  }
}
