import { batches } from './batch'

/**
 * Counts kept in memory and added to the database as increments: what is
 * counted under each key waits in one batch, which `write` adds to the rows
 * at most every `everyMs`, one batch at a time and in order. Increments,
 * never overwrites, so instances sharing a database add up, and a call that
 * counts writes nothing on its way. Used by the rate limits' shared counts
 * and by the API keys' usage.
 */
export interface Increments<V> {
  /** `key`'s entry in the next batch (made by `make` when it has none), for the caller to add to; a write is due. */
  add(key: string, make: () => V): V
  /** `key`'s entry in the next batch, if any, left there. */
  get(key: string): V | undefined
  /** Takes `key`'s entry out of the next batch: its caller writes it itself, or drops it. */
  take(key: string): V | undefined
  /** A write is due even with nothing in the batch (the writer has counts of its own). */
  due(): void
  /** Writes the batch now; resolves once it, and any write before it, is stored or has failed. */
  flush(): Promise<void>
  /**
   * Writes the batch now, as flush() does, and sets no timer from then on (its app has closed): what a
   * failed write adds back then stays, where a timer would try it again every `everyMs`, for good.
   */
  close(): Promise<void>
}

/** `write` gets each batch, and handles its own failure: it may add() the counts back for the next batch. */
export function increments<V>(everyMs: number, write: (batch: Map<string, V>) => Promise<void>): Increments<V> {
  let batch = new Map<string, V>()
  let timer: ReturnType<typeof setTimeout> | undefined
  let closed = false
  // One write at a time: a flush asked for while one is on its way shares the next (db/batch.ts),
  // which takes the whole of what was counted by then. `write` handles its own failure.
  const writes = batches({
    run: () => {
      const taken = batch
      batch = new Map()
      return write(taken).catch(() => {})
    },
  })

  const writeNext = () => {
    clearTimeout(timer)
    timer = undefined
    return writes.add(undefined)
  }
  const due = () => {
    // Counting must not keep a process alive that has nothing else to do.
    if (!closed) timer ??= setTimeout(writeNext, everyMs).unref()
  }

  return {
    add(key, make) {
      due()
      let entry = batch.get(key)
      if (entry === undefined) batch.set(key, (entry = make()))
      return entry
    },
    get: (key) => batch.get(key),
    take(key) {
      const entry = batch.get(key)
      batch.delete(key)
      return entry
    },
    due,
    flush: writeNext,
    close() {
      closed = true
      return writeNext()
    },
  }
}
