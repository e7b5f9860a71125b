import { batches } from '../../db/batch'
import type { Database } from '../../db/index'
import type { Log } from '../../http/logger'
import { DELIVERY_CHANNEL } from './queue'

/**
 * Waking: when the worker looks for due deliveries. A NOTIFY on
 * DELIVERY_CHANNEL (sent once a message is stored, by whichever instance
 * accepted it; on PGlite a direct call) wakes every instance at once; a timer
 * wakes it when the next known retry is due; and it looks at least every
 * SWEEP_MS, for a NOTIFY missed while the listening connection was down and
 * for retries another instance scheduled. One look runs at a time: a wake
 * during a look runs one more after it.
 */

export const SWEEP_MS = 30_000
/** A row due in the past that was not claimed is another instance's claim in progress: look again shortly. */
const SOONEST_MS = 20

export interface Waker {
  /** Looks now, or once more after the look in progress. */
  wake(): void
  /** Looks at `time` (in the worker's clock), unless a look is due sooner; null: at the next sweep. */
  at(time: number | null): void
  /** Stops listening and the timer; resolves once the look in progress has ended. */
  stop(): Promise<void>
}

export function startWaking(db: Database, look: () => Promise<void>, log: Log, clock: () => number): Waker {
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let timerAt = Infinity
  // Retry times asked for that the timer does not stand for (it was set for sooner, or replaced by a sooner one):
  // the timer is set for the soonest of them when it fires, or a retry due then would wait for the sweep.
  const wanted = new Set<number>()
  let timerWanted = false
  // One look at a time, started at once; wakes during a look fold into one more after it (db/batch.ts).
  // A failed look is logged here, and looked at again in a second: a batch never fails. None once stopped.
  const looks = batches({
    async run() {
      if (stopped) return
      await look().catch((err: Error) => {
        if (stopped) return
        log(`webhook worker error: ${err.message}`)
        at(clock() + 1000)
      })
    },
  })

  function wake() {
    if (!stopped) void looks.add(undefined)
  }

  function at(time: number | null) {
    if (stopped) return
    const now = clock()
    const when = Math.min(time ?? Infinity, now + SWEEP_MS)
    // A timer set for sooner stays, unless it is the sweep's.
    if (timer && timerAt <= when && timerAt > now) {
      if (time !== null) wanted.add(time)
      return
    }
    if (timer && timerWanted) wanted.add(timerAt)
    clearTimeout(timer)
    timerAt = Math.max(when, now + SOONEST_MS)
    timerWanted = time !== null
    timer = setTimeout(() => {
      timer = undefined
      timerAt = Infinity
      // This look takes what is due by now; the soonest time still to come sets the next timer.
      const fired = clock()
      let next: number | null = null
      for (const t of wanted) if (t <= fired) wanted.delete(t)
      for (const t of wanted) if (next === null || t < next) next = t
      if (next !== null) wanted.delete(next)
      wake()
      at(next)
    }, timerAt - now)
    timer.unref()
  }

  let unlisten: (() => Promise<void>) | undefined
  const listening = db
    .listen(DELIVERY_CHANNEL, wake, wake)
    .then((stop) => {
      unlisten = stop
    })
    .catch((err: Error) => log(`webhook worker cannot listen for new messages (${err.message}); it looks every ${SWEEP_MS / 1000} s instead.`))
    .finally(() => {
      wake()
      at(null)
    })

  return {
    wake,
    at,
    async stop() {
      stopped = true
      clearTimeout(timer)
      await listening
      await unlisten?.().catch(() => undefined)
      await looks.close()
    },
  }
}
