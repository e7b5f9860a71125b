import { randomUUID } from 'node:crypto'
import { LRUCache } from 'lru-cache'
import type { Database } from './index'

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
  /** Resolves once every change committed before the call has been heard here. */
  caughtUp(): Promise<void>
  /** Ends the LISTEN (the app is closing); nothing is kept from then on. */
  stop(): Promise<void>
}

/** How long caughtUp() waits for its own message before it forgets everything instead. */
const CAUGHT_UP_WAIT_MS = 2000

const caches = new WeakMap<Database, Set<RowCache<object, never>>>()

/**
 * Correctness rests on LISTEN, as Database.listen describes it: until it is
 * in place, while its connection is down and once stopped, nothing is kept
 * and no load is shared, so nothing is served that a change could not
 * withdraw. A change forgets the key's value and any load of it in flight,
 * so a read that raced the change is answered to its callers but never kept,
 * and a call after the change never joins it.
 */
export function rowCache<V extends object, C = undefined>(db: Database, options: CacheOptions<V, C>): RowCache<V, C> {
  const { load, now } = options
  const values = new LRUCache<string, V>({
    max: options.max,
    ttl: options.ttlMs,
    ...(options.maxSize ? { maxSize: options.maxSize, sizeCalculation: options.sizeOf } : {}),
    ...(now ? { perf: { now } } : {}),
  })
  const loading = new Map<string, Promise<V | undefined>>()
  let listening = false
  let stopped = false

  const trips = roundTrips(db, options.channel, () => forgetAll())
  const forgetAll = () => {
    values.clear()
    loading.clear()
    trips.releaseAll()
  }
  const heard = (payload: string) => {
    if (payload === '*') return forgetAll()
    values.delete(payload)
    loading.delete(payload)
    trips.heard(payload)
  }
  const listen = db.listen(options.channel, heard, (ok) => {
    forgetAll()
    listening = ok && !stopped
  })
  listen.then(
    () => void (listening = !stopped),
    (err: unknown) => options.onListenFailed?.(err),
  )

  const cache: RowCache<V, C> = {
    cached: (key) => values.get(key),
    get(key, context) {
      const hit = values.get(key)
      if (hit !== undefined) return Promise.resolve(hit)
      if (!listening) return load(key, context)
      let pending = loading.get(key)
      if (!pending) {
        const read: Promise<V | undefined> = load(key, context).then(
          (value) => {
            // Still the load of record: no change was heard since it began.
            if (loading.get(key) !== read) return value
            loading.delete(key)
            if (value !== undefined && listening) values.set(key, value)
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
    caughtUp: () => (listening ? trips.next() : Promise.resolve()),
    async stop() {
      stopped = true
      listening = false
      forgetAll()
      caches.get(db)?.delete(cache as RowCache<object, never>)
      const unlisten = await listen.catch(() => undefined)
      await unlisten?.().catch(() => undefined)
    },
  }
  let mine = caches.get(db)
  if (!mine) caches.set(db, (mine = new Set()))
  mine.add(cache as RowCache<object, never>)
  return cache
}

/**
 * caughtUp()'s messages. Messages are heard in the order their transactions
 * committed: once one sent now comes back on the channel, every change
 * committed before it has been heard. Calls made before it is sent share it.
 * If it does not come back (a connection that died unnoticed), the cache
 * forgets everything instead, which is always safe.
 */
function roundTrips(db: Database, channel: string, forgetAll: () => void) {
  const mark = `~${randomUUID()}:`
  let marks = 0
  const waiting = new Map<string, () => void>()
  let next: Promise<void> | undefined
  const roundTrip = async () => {
    next = undefined
    const id = `${mark}${++marks}`
    let timer: NodeJS.Timeout | undefined
    const back = new Promise<void>((resolve) => {
      waiting.set(id, resolve)
      timer = setTimeout(() => {
        forgetAll()
        resolve()
      }, CAUGHT_UP_WAIT_MS)
      timer.unref()
    })
    try {
      await db.notify(channel, id)
      await back
    } catch {
      forgetAll()
    } finally {
      clearTimeout(timer)
      waiting.delete(id)
    }
  }
  return {
    next: () => (next ??= Promise.resolve().then(roundTrip)),
    /** A message heard: one of ours is back. */
    heard: (payload: string) => waiting.get(payload)?.(),
    /** Everything was forgotten: nobody needs to wait. */
    releaseAll: () => {
      for (const done of waiting.values()) done()
      waiting.clear()
    },
  }
}

/**
 * Resolves once every cache of `db` has heard the changes committed before
 * the call: a request that wrote answers after it, so its client's next
 * call on this instance sees the change. On PGlite a trigger's NOTIFY reaches
 * the listeners before its statement resolves; on PostgreSQL it comes on the
 * listening connection a moment after the commit.
 */
export async function changesHeard(db: Database): Promise<void> {
  const mine = caches.get(db)
  if (mine?.size) await Promise.all([...mine].map((c) => c.caughtUp()))
}

/** Stops every cache of `db` (its app is closing): their LISTEN connections go with them. */
export async function stopCaches(db: Database): Promise<void> {
  await Promise.all([...(caches.get(db) ?? [])].map((c) => c.stop()))
}

/** One value per database handle, made on first use (a cache every guard and route of an app shares). */
export function perDatabase<T extends object>(make: (db: Database) => T): (db: Database) => T {
  const made = new WeakMap<Database, T>()
  return (db) => {
    let value = made.get(db)
    if (!value) made.set(db, (value = make(db)))
    return value
  }
}
