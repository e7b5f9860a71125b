/**
 * The usage counter keeps verification counts in memory and adds them to the database at most once a
 * second. A write that fails is tried again a second later, as it was, until the app closes: from then
 * on nothing is tried, where the retries went on failing once a second, for good, after the app and its
 * database had closed. A batch whose commit reached the database with its reply lost is stored once
 * (its id), where it was counted twice.
 */
import { afterEach, expect, it, vi } from 'vitest'
import type { Database, Queryable } from '../../server/db/index'
import { FLUSH_EVERY_MS, usageCounter } from '../../server/resources/usage'
import type { VerifiedKey } from '../../server/resources/api-keys'

afterEach(() => {
  vi.useRealTimers()
})

const KEY: VerifiedKey = { keyId: 'key_1', projectId: 'prj_1', name: 'Server', expiresAt: null, lastUsedAt: null, scopes: null, allowedIps: [], mode: 'live' }
const NOW = Date.UTC(2026, 2, 9, 12)

/** A database that refuses every write until `up`; the counts it is given to add, as (valid, expired) pairs. */
function flakyDatabase() {
  const state = { up: false, added: [] as Array<[number, number]> }
  const tx: Queryable = {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      if (sql.includes('INSERT INTO key_usage')) state.added.push([(params[4] as number[])[0], (params[5] as number[])[0]])
      // Every batch's id is new to this database.
      return (sql.includes('INSERT INTO usage_batches') ? [{ id: params[0] }] : []) as T[]
    },
    exec: async () => {},
  }
  const db = {
    kind: 'postgres',
    async transaction(fn: (tx: Queryable) => Promise<unknown>) {
      if (!state.up) throw new Error('Cannot use a pool after calling end on the pool')
      return fn(tx)
    },
  } as unknown as Database
  return { db, state }
}

const failures = (log: string[]) => log.filter((line) => line.startsWith('usage write failed')).length

it('tries a failed batch again a second later, as it was, then the counts of the second after it', async () => {
  vi.useFakeTimers()
  const { db, state } = flakyDatabase()
  const log: string[] = []
  const counter = usageCounter(db, (line) => log.push(line))
  counter.count(KEY, NOW)
  counter.count(KEY, NOW, true)
  await vi.advanceTimersByTimeAsync(FLUSH_EVERY_MS)
  expect(failures(log)).toBe(1)
  // Still down: the failed batch waits, and the newer counts with it.
  counter.count(KEY, NOW)
  await vi.advanceTimersByTimeAsync(FLUSH_EVERY_MS)
  expect(failures(log)).toBe(2)
  state.up = true
  counter.count(KEY, NOW)
  await vi.advanceTimersByTimeAsync(FLUSH_EVERY_MS)
  expect(state.added).toEqual([
    [1, 1],
    [2, 0],
  ])
  expect(vi.getTimerCount()).toBe(0)
})

it('tries nothing more once closed: a last write that fails as the app closes is not tried again', async () => {
  vi.useFakeTimers()
  const { db } = flakyDatabase()
  const log: string[] = []
  const counter = usageCounter(db, (line) => log.push(line))
  counter.count(KEY, NOW)
  await counter.close()
  expect(failures(log)).toBe(1)
  await vi.advanceTimersByTimeAsync(60 * FLUSH_EVERY_MS)
  expect(failures(log)).toBe(1)
  expect(vi.getTimerCount()).toBe(0)
})
