/**
 * The one batching primitive (server/db/batch.ts) behind stored webhook
 * messages, recorded outcomes, the workers' wakes, the caches' round trips
 * and the counts written as increments.
 */
import { describe, expect, it } from 'vitest'
import { batches, BATCHES_CLOSED, ItemFailed } from '../../server/db/batch'

/** A batch runner the test finishes by hand: each call is held until release(i). */
function heldRuns<T, R>(answer: (items: T[]) => ReadonlyArray<R | ItemFailed> | void = () => undefined) {
  const calls: Array<{ items: T[]; release: (fail?: Error) => void }> = []
  let inFlight = 0
  let most = 0
  const run = (items: T[]) =>
    new Promise<ReadonlyArray<R | ItemFailed> | void>((resolve, reject) => {
      most = Math.max(most, ++inFlight)
      calls.push({
        items,
        release: (fail) => {
          inFlight--
          if (fail) reject(fail)
          else resolve(answer(items))
        },
      })
    })
  return { run, calls, most: () => most }
}

/** Lets the promises settled so far run their callbacks. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve))

describe('one batching primitive', () => {
  it('starts at rest with the first item; what arrives while a batch is in flight waits for the next, in order', async () => {
    const h = heldRuns<number, number>((items) => items.map((n) => n * 10))
    const b = batches<number, number>({ run: h.run })
    const answers = [1, 2, 3, 4].map((n) => b.add(n))
    expect(h.calls.map((c) => c.items)).toEqual([[1]])
    h.calls[0].release()
    await settle()
    expect(h.calls.map((c) => c.items)).toEqual([[1], [2, 3, 4]])
    const five = b.add(5)
    h.calls[1].release()
    await settle()
    expect(h.calls.map((c) => c.items)).toEqual([[1], [2, 3, 4], [5]])
    h.calls[2].release()
    expect(await Promise.all([...answers, five])).toEqual([10, 20, 30, 40, 50])
  })

  it('bounds each batch by count and by bytes, and always takes at least one item', async () => {
    const h = heldRuns<string, void>()
    const b = batches<string>({ run: h.run, maxCount: 3, maxBytes: 10, size: (s) => s.length, gather: 'microtask' })
    const all = ['aaaa', 'bbbb', 'cccc', 'dd', 'e', 'f', 'g', 'x'.repeat(25), 'h'].map((s) => b.add(s))
    for (let i = 0; i < 5; i++) {
      await settle()
      h.calls.at(-1)!.release()
    }
    await Promise.all(all)
    expect(h.calls.map((c) => c.items)).toEqual([['aaaa', 'bbbb'], ['cccc', 'dd', 'e'], ['f', 'g'], ['x'.repeat(25)], ['h']])
  })

  it('keeps at most inFlight batches on their way; more than a batch waiting starts another beside it', async () => {
    const h = heldRuns<number, void>()
    const b = batches<number>({ run: h.run, inFlight: 2, maxCount: 2, gather: 'microtask' })
    const all = [1, 2, 3, 4, 5, 6, 7].map((n) => b.add(n))
    await settle()
    expect(h.calls.map((c) => c.items)).toEqual([
      [1, 2],
      [3, 4],
    ])
    h.calls[1].release()
    await settle()
    expect(h.calls.map((c) => c.items)).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ])
    h.calls[0].release()
    await settle()
    h.calls[2].release()
    h.calls[3].release()
    await Promise.all(all)
    expect(h.calls.map((c) => c.items)).toEqual([[1, 2], [3, 4], [5, 6], [7]])
    expect(h.most()).toBe(2)
  })

  it('fails only the callers of the batch that failed, and one item alone when its result says so', async () => {
    const h = heldRuns<number, string>((items) => items.map((n) => (n === 5 ? new ItemFailed(new Error('five')) : `ok ${n}`)))
    const b = batches<number, string>({ run: h.run })
    const first = b.add(1)
    const [two, three] = [b.add(2), b.add(3)]
    h.calls[0].release(new Error('the first statement failed'))
    await expect(first).rejects.toThrow('the first statement failed')
    await settle()
    const [four, five] = [b.add(4), b.add(5)]
    h.calls[1].release()
    expect(await Promise.all([two, three])).toEqual(['ok 2', 'ok 3'])
    await settle()
    h.calls[2].release()
    expect(await four).toBe('ok 4')
    await expect(five).rejects.toThrow('five')
  })

  it('gathers the items of the same turn into one batch when told to wait for the turn', async () => {
    const h = heldRuns<number, void>()
    const b = batches<number>({ run: h.run, gather: 'turn' })
    const all = [b.add(1), Promise.resolve().then(() => b.add(2)), b.add(3)]
    expect(h.calls).toEqual([])
    await settle()
    expect(h.calls.map((c) => c.items)).toEqual([[1, 3, 2]])
    h.calls[0].release()
    await Promise.all(all)
  })

  it('flush() waits for everything added before it; close() also refuses what comes after', async () => {
    const h = heldRuns<number, void>()
    const b = batches<number>({ run: h.run })
    const done: string[] = []
    void b.add(1).then(() => done.push('1'))
    void b.add(2).then(() => done.push('2'))
    const flushed = b.flush().then(() => done.push('flushed'))
    h.calls[0].release()
    await settle()
    expect(done).toEqual(['1'])
    const closed = b.close().then(() => done.push('closed'))
    await expect(b.add(3)).rejects.toThrow(BATCHES_CLOSED)
    h.calls[1].release()
    await Promise.all([flushed, closed])
    expect(done).toEqual(['1', '2', 'flushed', 'closed'])
    expect(h.calls.map((c) => c.items)).toEqual([[1], [2]])
  })
})
