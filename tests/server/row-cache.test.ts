/**
 * The one cache of rows (server/db/cache.ts) that tokens, project lists and
 * key verification use, on a database whose LISTEN the test drives: what it
 * keeps, what a change withdraws, and that nothing is kept while a change
 * could go unheard.
 */
import { describe, expect, it } from 'vitest'
import { cacheSet } from '../../server/db/cache'
import type { Database } from '../../server/db/index'

/**
 * A PostgreSQL of which only LISTEN/NOTIFY is used: messages (a trigger's, or
 * those of a `SELECT pg_notify(…)`) are delivered when the test says, or at once.
 */
function listeningDb({ deliverAtOnce = true } = {}) {
  let onMessage: ((payload: string) => void) | undefined
  let onReset: ((listening: boolean) => void) | undefined
  let up!: () => void
  const listening = new Promise<void>((resolve) => (up = resolve))
  const queued: string[] = []
  const db = {
    kind: 'postgres',
    listen: async (_channel: string, message: (payload: string) => void, reset?: (ok: boolean) => void) => {
      onMessage = message
      onReset = reset
      await listening
      return async () => {
        onMessage = undefined
      }
    },
    query: async (sql: string, params: string[] = []) => {
      if (!sql.startsWith('SELECT pg_notify(')) throw new Error(`unexpected query: ${sql}`)
      for (let i = 1; i < params.length; i += 2) {
        if (deliverAtOnce) onMessage?.(params[i])
        else queued.push(params[i])
      }
      return []
    },
  } as unknown as Database
  return {
    db,
    up: async () => {
      up()
      await listening
      await Promise.resolve()
    },
    /** A row changed (the trigger's NOTIFY, heard now). */
    change: (key: string) => onMessage?.(key),
    /** Delivers the messages queued so far, in order. */
    deliver: () => queued.splice(0).forEach((p) => onMessage?.(p)),
    queued,
    reset: (ok: boolean) => onReset?.(ok),
  }
}

/** A load the test finishes: `loads` counts them, `finish` resolves the oldest one pending. */
function controlledLoad() {
  const pending: Array<(value: { v: number }) => void> = []
  let version = 0
  const counted = { loads: 0 }
  const load = (key: string) => {
    counted.loads++
    void key
    return new Promise<{ v: number }>((resolve) => pending.push(resolve))
  }
  const finish = async () => {
    pending.shift()?.({ v: ++version })
    await new Promise((r) => setImmediate(r))
  }
  return { load, finish, counted }
}

const options = { channel: 'test', ttlMs: 60_000, max: 100 }

describe('a row cache', () => {
  it('loads a key once however many ask together, keeps it, and loads it again once its row changes', async () => {
    const t = listeningDb()
    const l = controlledLoad()
    const cache = cacheSet(t.db).rowCache({ ...options, load: l.load })
    await t.up()
    const together = Promise.all([cache.get('a'), cache.get('a'), cache.get('a')])
    await l.finish()
    expect(await together).toEqual([{ v: 1 }, { v: 1 }, { v: 1 }])
    expect(await cache.get('a')).toEqual({ v: 1 })
    expect(cache.cached('a')).toEqual({ v: 1 })
    expect(l.counted.loads).toBe(1)

    t.change('a')
    expect(cache.cached('a')).toBeUndefined()
    const again = cache.get('a')
    await l.finish()
    expect(await again).toEqual({ v: 2 })
    expect(l.counted.loads).toBe(2)
  })

  it('answers a load that raced a change of its row but does not keep it, and a later call does not join it', async () => {
    const t = listeningDb()
    const l = controlledLoad()
    const cache = cacheSet(t.db).rowCache({ ...options, load: l.load })
    await t.up()
    const early = cache.get('a')
    t.change('a') // committed while the read was in flight: what it read may be from before
    const late = cache.get('a')
    expect(l.counted.loads).toBe(2)
    await l.finish()
    await l.finish()
    expect(await early).toEqual({ v: 1 })
    expect(await late).toEqual({ v: 2 })
    expect(cache.cached('a')).toEqual({ v: 2 })
  })

  it('forgets everything on a TRUNCATE ("*")', async () => {
    const t = listeningDb()
    const cache = cacheSet(t.db).rowCache({ ...options, load: async (key) => ({ key }) })
    await t.up()
    await cache.get('a')
    await cache.get('b')
    t.change('*')
    expect([cache.cached('a'), cache.cached('b')]).toEqual([undefined, undefined])
  })

  it('keeps nothing until the LISTEN is in place, nor while its connection is down, and forgets all when it drops', async () => {
    const t = listeningDb()
    let loads = 0
    const cache = cacheSet(t.db).rowCache({ ...options, load: async (key) => ({ key, n: ++loads }) })
    await cache.get('a')
    await cache.get('a')
    expect(loads).toBe(2)
    expect(cache.cached('a')).toBeUndefined()

    await t.up()
    await cache.get('a')
    expect(cache.cached('a')).toEqual({ key: 'a', n: 3 })

    t.reset(false)
    expect(cache.cached('a')).toBeUndefined()
    await cache.get('a')
    expect(cache.cached('a')).toBeUndefined()

    t.reset(true)
    await cache.get('a')
    expect(cache.cached('a')).toEqual({ key: 'a', n: 5 })
  })

  it('keeps nothing once stopped', async () => {
    const t = listeningDb()
    const cache = cacheSet(t.db).rowCache({ ...options, load: async (key) => ({ key }) })
    await t.up()
    await cache.get('a')
    await cache.stop()
    expect(cache.cached('a')).toBeUndefined()
    await cache.get('a')
    expect(cache.cached('a')).toBeUndefined()
  })

  it('keeps no more bytes than its bound, the least recently used going first', async () => {
    const t = listeningDb()
    const cache = cacheSet(t.db).rowCache({ ...options, maxSize: 10, sizeOf: (v: { size: number }) => v.size, load: async (key) => ({ size: Number(key) }) })
    await t.up()
    await cache.get('4')
    await cache.get('5')
    cache.cached('4')
    await cache.get('3')
    expect([cache.cached('4'), cache.cached('5'), cache.cached('3')]).toEqual([{ size: 4 }, undefined, { size: 3 }])
    await cache.get('11')
    expect(cache.cached('11')).toBeUndefined()
  })

  it('catches up: resolves once the changes committed before the call have been heard', async () => {
    const t = listeningDb({ deliverAtOnce: false })
    const caches = cacheSet(t.db)
    const cache = caches.rowCache({ ...options, load: async (key) => ({ key }) })
    await t.up()
    await cache.get('a')
    // A write's NOTIFY, not yet heard: on PostgreSQL it comes on the listening connection after the commit.
    t.queued.push('a')
    let done = false
    const heard = caches.changesHeard().then(() => (done = true))
    await new Promise((r) => setImmediate(r))
    expect(done).toBe(false)
    expect(t.queued).toHaveLength(2) // the write's message, then the cache's own
    t.deliver()
    await heard
    expect(cache.cached('a')).toBeUndefined()
  })

  it('does not wait for its message once the connection has dropped: it has forgotten everything instead', async () => {
    const t = listeningDb({ deliverAtOnce: false })
    const caches = cacheSet(t.db)
    const cache = caches.rowCache({ ...options, load: async (key) => ({ key }) })
    await t.up()
    await cache.get('a')
    const heard = caches.changesHeard()
    await expect.poll(() => t.queued).toHaveLength(1)
    t.reset(false)
    await heard
    expect(cache.cached('a')).toBeUndefined()
  })
})
