import { randomUUID } from 'node:crypto'
import { LRUCache } from 'lru-cache'
import type { Database } from './index'
import { batches, type Batches } from './batch'

/**
 * Rows kept in memory, by key, and forgotten when a trigger of their table
 * sends the key on `channel` ('*': forget everything). Migration 013 puts
 * such a trigger on every table a cache reads, so every write is heard,
 * whatever code or instance made it.
 */
export interface CacheOptions<V extends object, C> {
  /** The NOTIFY channel of the table's trigger. */
  channel: string
  /** Reads the row(s) of `key`; undefined is answered but not kept. `context` is the first caller's. */
  load: (key: string, context: C | undefined) => Promise<V | undefined>
  /** How long a value is kept without asking again: a safety net, since every change is heard. */
  ttlMs: number
  /** Bound on the values kept. */
  max: number
  /**
   * Answers that no row exists (an unknown key), told apart by `is`: kept in a smaller bound of their own
   * (`max`), so a flood of made-up keys pushes out only other such answers, never the rows real callers use.
   */
  absent?: { is: (value: V) => boolean; max: number }
  /** Bound on their total size, with the size of one (bytes, say). */
  maxSize?: number
  sizeOf?: (value: V) => number
  /** The clock `ttlMs` is counted on (default: the process's). */
  now?: () => number
  /** Told when the LISTEN cannot be set up (nothing is then kept). */
  onListenFailed?: (err: unknown) => void
}

export interface RowCache<V extends object, C = undefined> {
  /** The value kept for `key`, without loading it: the hot path's synchronous look. */
  cached(key: string): V | undefined
  /** The value of `key`: kept, or loaded once however many ask together. */
  get(key: string, context?: C): Promise<V | undefined>
  /** Ends the LISTEN (the app is closing); nothing is kept from then on. */
  stop(): Promise<void>
}

/** How long changesHeard() waits for a cache's message before that cache forgets everything instead. */
const CAUGHT_UP_WAIT_MS = 2000

/** What changesHeard() and stop() need of a set's caches. */
interface Member {
  channel: string
  readonly listening: boolean
  forgetAll(): void
  stop(): Promise<void>
}

/**
 * The caches of one app: made by createApp, which hands them to what keeps
 * rows in memory (the token guard, the project lists, the key verifier), and
 * stopped by its close() alone. Another app on the same database has its own,
 * and keeps hearing its changes when this one closes.
 */
export interface CacheSet {
  /** A new cache of rows in this set (see rowCache below). */
  rowCache<V extends object, C = undefined>(options: CacheOptions<V, C>): RowCache<V, C>
  /** Resolves once every cache of the set has heard the changes committed before the call (see changesHeard below). */
  changesHeard(): Promise<void>
  /** Stops every cache of the set: their LISTENs end, nothing is kept from then on. */
  stop(): Promise<void>
}

/** The set's caches, and changesHeard()'s messages still to come back. */
type Caches = { db: Database; members: Set<Member>; waiting: Map<string, { member: Member; done: () => void }>; trips: Batches<undefined, void> }

export function cacheSet(db: Database): CacheSet {
  // Round trips (changesHeard below): calls made before one is sent share it; those made while one is on
  // its way share the next, sent at once beside it (db/batch.ts). roundTrip() never fails: a batch never fails.
  const trips = batches({ run: () => roundTrip(db, mine), inFlight: Infinity, gather: 'microtask' })
  const mine: Caches = { db, members: new Set(), waiting: new Map(), trips }
  return {
    rowCache: (options) => rowCache(mine, options),
    changesHeard: () => changesHeard(mine),
    async stop() {
      await Promise.all([...mine.members].map((m) => m.stop()))
    },
  }
}

/**
 * Correctness rests on LISTEN, as Database.listen describes it: until it is
 * in place, while its connection is down and once stopped, nothing is kept
 * and no load is shared, so nothing is served that a change could not
 * withdraw. A change forgets the key's value and any load of it in flight,
 * so a read that raced the change is answered to its callers but never kept,
 * and a call after the change never joins it.
 */
function rowCache<V extends object, C = undefined>(mine: Caches, options: CacheOptions<V, C>): RowCache<V, C> {
  const { db } = mine
  const { load, now } = options
  const values = new LRUCache<string, V>({
    max: options.max,
    ttl: options.ttlMs,
    ...(options.maxSize ? { maxSize: options.maxSize, sizeCalculation: options.sizeOf } : {}),
    ...(now ? { perf: { now } } : {}),
  })
  const absent = options.absent
  const absents = absent && { is: absent.is, values: new LRUCache<string, V>({ max: absent.max, ttl: options.ttlMs, ...(now ? { perf: { now } } : {}) }) }
  const kept = (key: string) => values.get(key) ?? absents?.values.get(key)
  const loading = new Map<string, Promise<V | undefined>>()
  let listening = false
  let stopped = false

  const forgetAll = () => {
    values.clear()
    absents?.values.clear()
    loading.clear()
  }
  const heard = (payload: string) => {
    if (payload === '*') return forgetAll()
    values.delete(payload)
    absents?.values.delete(payload)
    loading.delete(payload)
    mine.waiting.get(payload)?.done()
  }
  const listen = db.listen(options.channel, heard, (ok) => {
    forgetAll()
    listening = ok && !stopped
    // Its message may have been lost with the connection: having forgotten everything, it has nothing to wait for.
    for (const wait of mine.waiting.values()) if (wait.member === member) wait.done()
  })
  listen.then(
    () => void (listening = !stopped),
    (err: unknown) => options.onListenFailed?.(err),
  )

  const cache: RowCache<V, C> = {
    cached: kept,
    get(key, context) {
      const hit = kept(key)
      if (hit !== undefined) return Promise.resolve(hit)
      if (!listening) return load(key, context)
      let pending = loading.get(key)
      if (!pending) {
        const read: Promise<V | undefined> = load(key, context).then(
          (value) => {
            // Still the load of record: no change was heard since it began.
            if (loading.get(key) !== read) return value
            loading.delete(key)
            if (value !== undefined && listening) (absents?.is(value) ? absents.values : values).set(key, value)
            return value
          },
          (err: unknown) => {
            if (loading.get(key) === read) loading.delete(key)
            throw err
          },
        )
        loading.set(key, (pending = read))
      }
      return pending
    },
    async stop() {
      stopped = true
      listening = false
      forgetAll()
      mine.members.delete(member)
      const unlisten = await listen.catch(() => undefined)
      await unlisten?.().catch(() => undefined)
    },
  }
  const member: Member = {
    channel: options.channel,
    get listening() {
      return listening
    },
    forgetAll,
    stop: cache.stop,
  }
  mine.members.add(member)
  return cache
}

/**
 * Resolves once every cache of the set has heard the changes committed before
 * the call: a request that wrote answers after it, so its client's next call
 * on this instance sees the change. On PGlite a trigger's NOTIFY reaches the
 * listeners before the statement that sent it resolves: nothing to wait for.
 * On PostgreSQL it comes on each cache's listening connection a moment after
 * the commit; messages come in the order their transactions committed, so
 * once one sent now on each channel has come back, every change before it
 * has been heard. Calls made before it is sent share it. A cache whose
 * message does not come back (a connection that died unnoticed) forgets
 * everything instead, which is always safe.
 */
function changesHeard(mine: Caches): Promise<void> {
  if (mine.db.kind === 'pglite') return Promise.resolve()
  return mine.trips.add(undefined)
}

async function roundTrip(db: Database, mine: Caches) {
  const members = [...mine.members].filter((m) => m.listening)
  if (members.length === 0) return
  const ids = members.map(() => `~${randomUUID()}`)
  const back = members.map(
    (member, i) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          member.forgetAll()
          resolve()
        }, CAUGHT_UP_WAIT_MS)
        timer.unref()
        const done = () => {
          clearTimeout(timer)
          resolve()
        }
        mine.waiting.set(ids[i], { member, done })
      }),
  )
  try {
    const sends = members.map((_, i) => `pg_notify($${2 * i + 1}, $${2 * i + 2})`)
    await db.query(
      `SELECT ${sends.join(', ')}`,
      members.flatMap((m, i) => [m.channel, ids[i]]),
    )
    await Promise.all(back)
  } catch {
    for (const member of members) member.forgetAll()
  } finally {
    for (const id of ids) {
      mine.waiting.get(id)?.done()
      mine.waiting.delete(id)
    }
  }
}
