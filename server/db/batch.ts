import { setImmediate as nextTurn } from 'node:timers'

/**
 * The one way the server batches work: what arrives while a batch is in
 * flight waits for the next batch, so at rest nothing waits and under load
 * many callers share one statement (one commit, one NOTIFY, one look).
 * Stored messages, webhook outcomes, wakes of the workers, the caches'
 * round trips and the counts written as increments all go through it.
 */
export interface BatchOptions<T, R> {
  /**
   * Does one batch, the items in the order they were added. Resolves to a
   * result per item, in order (an `ItemFailed` fails that item's caller
   * alone), or to nothing when every caller gets `undefined`. A throw fails
   * this batch's callers, and no one else's.
   */
  run(items: T[]): Promise<ReadonlyArray<R | ItemFailed> | void>
  /** Batches on their way at once (default 1: one after another, in order). */
  inFlight?: number
  /** The most items in one batch (default no bound). */
  maxCount?: number
  /** The most bytes in one batch, as `size` weighs the items (default no bound); a batch always takes at least one item. */
  maxBytes?: number
  size?(item: T): number
  /**
   * When a batch that starts from rest goes: 'now' (default: with the first
   * item, in the caller's turn), 'microtask' (with what the caller's
   * synchronous code adds too), or 'turn' (after the I/O already waiting,
   * so requests that came in together share it: on PGlite a statement runs
   * without yielding to the network, and without this wait each would go alone).
   */
  gather?: 'now' | 'microtask' | 'turn'
}

export interface Batches<T, R> {
  /** Adds an item to the next batch that starts; resolves with its result once its batch is done. */
  add(item: T): Promise<R>
  /** Resolves once every item added before the call is done (or has failed). */
  flush(): Promise<void>
  /** Refuses new items from now on (add() rejects); resolves once those added before are done. */
  close(): Promise<void>
}

/** A result that fails one item's caller alone (the others of its batch get theirs). */
export class ItemFailed {
  constructor(readonly error: unknown) {}
}

export const BATCHES_CLOSED = 'This batch queue is closed.'

type Entry<T, R> = { item: T; resolve: (r: R) => void; reject: (err: unknown) => void }

const starters = {
  now: (go: () => void) => go(),
  microtask: (go: () => void) => queueMicrotask(go),
  turn: (go: () => void) => void nextTurn(go),
}

export function batches<T, R = void>({
  run,
  inFlight = 1,
  maxCount = Infinity,
  maxBytes = Infinity,
  size = () => 0,
  gather = 'now',
}: BatchOptions<T, R>): Batches<T, R> {
  const queue: Entry<T, R>[] = []
  const outstanding = new Set<Promise<unknown>>()
  const start = starters[gather]
  let running = 0
  // A batch is about to start (gathering): what arrives meanwhile joins it rather than start another.
  let gathering = false
  let closed = false

  /** From the queue's head: at most maxCount items and maxBytes bytes, and at least one. */
  function take(): Entry<T, R>[] {
    let n = 0
    let bytes = 0
    while (n < queue.length && n < maxCount && (n === 0 || bytes + size(queue[n].item) <= maxBytes)) bytes += size(queue[n++].item)
    return queue.splice(0, n)
  }

  async function runOne(batch: Entry<T, R>[]) {
    let results: ReadonlyArray<R | ItemFailed> | void
    try {
      results = await run(batch.map((e) => e.item))
    } catch (err) {
      for (const e of batch) e.reject(err)
      return
    }
    batch.forEach((e, i) => {
      const result = results?.[i]
      if (result instanceof ItemFailed) e.reject(result.error)
      else e.resolve(result as R)
    })
  }

  async function drain() {
    gathering = false
    while (queue.length > 0) {
      const batch = take()
      // More than one batch's worth waits: another may go beside this one.
      kick()
      await runOne(batch)
    }
    running--
  }

  function kick() {
    if (gathering || running >= inFlight || queue.length === 0) return
    running++
    gathering = true
    start(() => void drain())
  }

  return {
    add(item) {
      if (closed) return Promise.reject(new Error(BATCHES_CLOSED))
      const promise = new Promise<R>((resolve, reject) => queue.push({ item, resolve, reject }))
      outstanding.add(promise)
      const done = () => void outstanding.delete(promise)
      promise.then(done, done)
      kick()
      return promise
    },
    async flush() {
      await Promise.allSettled([...outstanding])
    },
    async close() {
      closed = true
      await Promise.allSettled([...outstanding])
    },
  }
}
