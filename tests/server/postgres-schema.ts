/**
 * The PostgreSQL side of the harness's shared schemas. A test server's
 * Database is a handle on a pool the schema keeps from one test to the next,
 * and its LISTENs share one connection per worker: otherwise every test
 * opened a pool and a LISTEN connection per cache, each a new backend and a
 * SCRAM exchange, and closed them all again.
 */
import type pg from 'pg'
import type { Database } from '../../server/db/index'

type Handler = (payload: string) => void
export type Listen = (channel: string, onMessage: Handler) => Promise<() => Promise<void>>

/**
 * LISTEN for every test of a worker on one connection, which stays open as
 * long as the worker. Channels are the database's, as on a connection of the
 * test's own: a test may hear another's NOTIFY, which only drops a cache
 * entry it never had.
 */
export function sharedListener(client: pg.Client): Listen {
  const handlers = new Map<string, Set<Handler>>()
  const listening = new Map<string, Promise<unknown>>()
  client.on('notification', (n) => {
    for (const handler of handlers.get(n.channel) ?? []) handler(n.payload ?? '')
  })
  return async (channel, onMessage) => {
    if (!handlers.has(channel)) handlers.set(channel, new Set())
    const handler: Handler = (payload) => onMessage(payload)
    handlers.get(channel)!.add(handler)
    if (!listening.has(channel)) listening.set(channel, client.query(`LISTEN ${client.escapeIdentifier(channel)}`))
    await listening.get(channel)
    return async () => {
      handlers.get(channel)?.delete(handler)
    }
  }
}

/**
 * A Database on `pool` whose close() stops its own LISTENs and fails every
 * later call, as a closed one would, but leaves the pool open for the next
 * test on the schema.
 */
export function schemaHandle(pool: Database, listen: Listen): Database {
  let closed = false
  const stops = new Set<() => Promise<void>>()
  const open = () => {
    if (closed) throw new Error('Cannot use a pool after calling end on the pool')
  }
  return {
    kind: pool.kind,
    query: async (sql, params) => {
      open()
      return pool.query(sql, params)
    },
    exec: async (sql) => {
      open()
      return pool.exec(sql)
    },
    transaction: async (fn) => {
      open()
      return pool.transaction(fn)
    },
    notify: async (channel, payload) => {
      open()
      return pool.notify(channel, payload)
    },
    listen: async (channel, onMessage) => {
      open()
      const stop = await listen(channel, onMessage)
      const stopOnce = async () => {
        stops.delete(stopOnce)
        await stop()
      }
      stops.add(stopOnce)
      return stopOnce
    },
    close: async () => {
      closed = true
      await Promise.all([...stops].map((stop) => stop()))
    },
  }
}
