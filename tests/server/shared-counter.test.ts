/**
 * The per-user and per-address counts are kept in memory while a bucket is far
 * from its limit and written in batches; near it, every call is counted in the
 * database first. One instance stays exact, instances add up.
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { Queryable } from '../../server/db/index'
import { LOCAL_SHARE, peekRateLimit, sharedCounter } from '../../server/security/rate-limit'
import { createTestServer, type TestServer } from './harness'

let s: TestServer
afterEach(async () => {
  await s.close()
})

/** The test database, counting the upserts sent through it. */
function counting(db: Queryable) {
  const counted = { writes: 0 }
  const q: Queryable = {
    exec: (sql) => db.exec(sql),
    query: (sql, params) => {
      if (/INSERT INTO rate_limits/.test(sql)) counted.writes++
      return db.query(sql, params)
    },
  }
  return { q, counted }
}

let bucket = 0
const newBucket = () => `test|shared-counter|${process.pid}|${++bucket}`

describe('rate-limit counts kept in memory', () => {
  it('writes a batch, not a row per call, while far from the limit, and the row adds up', async () => {
    s = await createTestServer()
    const { q, counted } = counting(s.db)
    const counter = sharedCounter(q, 10)
    const key = newBucket()
    for (let i = 0; i < 40; i++) expect((await counter.hit(key, 1000)).allowed).toBe(true)
    // The first call of the window asks the database; the other 39 wait in memory.
    expect(counted.writes).toBe(1)
    await counter.flush()
    expect(counted.writes).toBe(2)
    expect(await peekRateLimit(s.db, key)).toBe(40)
  })

  it('makes one write for a new window however many calls open it at once, and counts them all', async () => {
    s = await createTestServer()
    const { q, counted } = counting(s.db)
    const counter = sharedCounter(q, 10)
    const key = newBucket()
    const results = await Promise.all(Array.from({ length: 20 }, () => counter.hit(key, 1000)))
    expect(results.every((r) => r.allowed)).toBe(true)
    expect(counted.writes).toBe(1)
    await counter.flush()
    expect(await peekRateLimit(s.db, key)).toBe(20)
  })

  it('counts a weight as that many calls', async () => {
    s = await createTestServer()
    const counter = sharedCounter(s.db, 10)
    const key = newBucket()
    await counter.hit(key, 1000)
    await counter.hit(key, 1000, 33)
    await counter.flush()
    expect(await peekRateLimit(s.db, key)).toBe(34)
  })

  it('on one instance refuses exactly past the limit, every call past half counted in the database first', async () => {
    s = await createTestServer()
    const { q, counted } = counting(s.db)
    const counter = sharedCounter(q, 10)
    const key = newBucket()
    const limit = 20
    const answers = []
    for (let i = 0; i < 25; i++) answers.push((await counter.hit(key, limit)).allowed)
    expect(answers.filter(Boolean)).toHaveLength(limit)
    expect(answers.indexOf(false)).toBe(limit)
    // Below half in memory (after the first), then one write per call.
    expect(counted.writes).toBeLessThanOrEqual(1 + (25 - limit * LOCAL_SHARE) + 1)
    expect(await peekRateLimit(s.db, key)).toBe(25)
  })

  it('adds up the calls of two instances, and lets through at most half a limit more', async () => {
    s = await createTestServer()
    const a = sharedCounter(s.db, 10)
    const b = sharedCounter(s.db, 10)
    const key = newBucket()
    const limit = 20
    let allowed = 0
    for (let i = 0; i < 40; i++) if ((await (i % 2 === 0 ? a : b).hit(key, limit)).allowed) allowed++
    await a.flush()
    await b.flush()
    expect(await peekRateLimit(s.db, key)).toBe(40)
    expect(allowed).toBeGreaterThanOrEqual(limit)
    expect(allowed).toBeLessThanOrEqual(limit + limit / 2)
  })
})
