/**
 * The one "count in memory, write increments" primitive behind the rate
 * limits' shared counts and the API keys' usage counts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { increments } from '../../server/db/increments'

afterEach(() => {
  vi.useRealTimers()
})

describe('counts kept in memory and written as increments', () => {
  it('writes what was counted in one batch once the time is up, and nothing before', async () => {
    vi.useFakeTimers()
    const batches: Array<Record<string, number>> = []
    const counts = increments<{ n: number }>(1000, async (batch) => void batches.push(Object.fromEntries([...batch].map(([k, v]) => [k, v.n]))))
    counts.add('a', () => ({ n: 0 })).n++
    counts.add('a', () => ({ n: 0 })).n++
    counts.add('b', () => ({ n: 0 })).n += 5
    await vi.advanceTimersByTimeAsync(999)
    expect(batches).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(batches).toEqual([{ a: 2, b: 5 }])
    // Nothing counted since: no timer left, no write.
    expect(vi.getTimerCount()).toBe(0)
  })

  it('writes one batch at a time, in order; what is counted meanwhile goes in the next', async () => {
    const started: number[] = []
    const finished: number[] = []
    let release = () => {}
    const counts = increments<{ n: number }>(1000, async (batch) => {
      const n = batch.get('k')?.n ?? 0
      started.push(n)
      if (started.length === 1) await new Promise<void>((resolve) => (release = resolve))
      finished.push(n)
    })
    counts.add('k', () => ({ n: 0 })).n = 1
    const first = counts.flush()
    await vi.waitFor(() => expect(started).toEqual([1]), { timeout: 1000 })
    counts.add('k', () => ({ n: 0 })).n = 2
    const second = counts.flush()
    await new Promise((resolve) => setImmediate(resolve))
    expect(started).toEqual([1]) // the second waits for the first
    release()
    await Promise.all([first, second])
    expect(started).toEqual([1, 2])
    expect(finished).toEqual([1, 2])
  })

  it('takes a key out of the batch for its caller to write, and lets a failed batch be added back', async () => {
    const written: Array<Record<string, number>> = []
    let fail = true
    const counts = increments<{ n: number }>(1000, async (batch) => {
      if (fail) {
        fail = false
        for (const [k, v] of batch) counts.add(k, () => ({ n: 0 })).n += v.n
        throw new Error('the database is gone for a moment')
      }
      written.push(Object.fromEntries([...batch].map(([k, v]) => [k, v.n])))
    })
    counts.add('kept', () => ({ n: 0 })).n = 3
    counts.add('taken', () => ({ n: 0 })).n = 4
    expect(counts.take('taken')).toEqual({ n: 4 })
    expect(counts.get('taken')).toBeUndefined()
    await counts.flush()
    expect(written).toEqual([])
    await counts.flush()
    expect(written).toEqual([{ kept: 3 }])
  })
})
