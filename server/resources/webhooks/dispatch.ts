import type { HeldDelivery } from './claim'

/**
 * Dispatch: the deliveries this instance holds, queued per endpoint, started
 * as the concurrency limits allow (so many in flight in all, so many to one
 * endpoint), endpoints taking turns. A claim takes a few deliveries ahead of
 * an endpoint's free slots (`ahead`), so a slot that frees starts the next one
 * at once instead of after a claim's round trip.
 */

export interface DispatchLimits {
  /** Attempts in flight at once, in all and to one endpoint. */
  concurrency: number
  endpointConcurrency: number
  /** Per slot, how many deliveries may be held: the one in flight and those waiting for it. */
  ahead: number
  /** How long a delivery may wait for its slot: past it, its attempt could outlast its lease. */
  maxWaitMs: number
}

export interface Dispatch {
  /** Queues deliveries just leased to this instance, and starts what the limits allow. */
  add(list: HeldDelivery[]): void
  /** How many more deliveries may be held. */
  room(): number
  /** Deliveries held per endpoint (in flight and waiting); the endpoints that may hold no more. */
  held(): Map<string, number>
  full(): string[]
  /** Holds nothing: no attempt in flight, none waiting. */
  idle(): boolean
  /** Stops starting attempts; resolves once those in flight have ended, with the ids of those never started. */
  stop(): Promise<string[]>
}

/**
 * `run` makes one attempt; `onFree` is called as each ends (its slot free,
 * with its endpoint) and `onDropped` with deliveries that waited too long to
 * start, to be released.
 */
export function createDispatch(
  limits: DispatchLimits,
  run: (d: HeldDelivery) => Promise<void>,
  onFree: (endpoint: string) => void,
  onDropped: (ids: string[]) => void,
): Dispatch {
  const waiting = new Map<string, Array<{ d: HeldDelivery; at: number }>>()
  const running = new Map<string, number>()
  const inFlight = new Set<Promise<void>>()
  let stopped = false

  const waitingCount = () => [...waiting.values()].reduce((n, q) => n + q.length, 0)

  function held(): Map<string, number> {
    const counts = new Map(running)
    for (const [id, q] of waiting) counts.set(id, (counts.get(id) ?? 0) + q.length)
    return counts
  }

  function launch(d: HeldDelivery) {
    running.set(d.endpoint_id, (running.get(d.endpoint_id) ?? 0) + 1)
    const attempt = run(d).finally(() => {
      const n = running.get(d.endpoint_id)! - 1
      if (n > 0) running.set(d.endpoint_id, n)
      else running.delete(d.endpoint_id)
      inFlight.delete(attempt)
      start()
      onFree(d.endpoint_id)
    })
    inFlight.add(attempt)
  }

  /** One delivery per endpoint with a free slot, in turn, until no slot or nothing waiting is left. */
  function start() {
    const now = performance.now()
    const dropped: string[] = []
    let started = true
    while (!stopped && started && inFlight.size < limits.concurrency) {
      started = false
      for (const [id, queue] of waiting) {
        if (inFlight.size >= limits.concurrency) break
        if ((running.get(id) ?? 0) >= limits.endpointConcurrency) continue
        const next = queue.shift()!
        if (queue.length === 0) waiting.delete(id)
        if (now - next.at > limits.maxWaitMs) dropped.push(next.d.id)
        else launch(next.d)
        started = true
      }
    }
    if (dropped.length > 0) onDropped(dropped)
  }

  return {
    add(list) {
      const at = performance.now()
      for (const d of list) {
        const queue = waiting.get(d.endpoint_id)
        if (queue) queue.push({ d, at })
        else waiting.set(d.endpoint_id, [{ d, at }])
      }
      start()
    },
    idle: () => inFlight.size === 0 && waiting.size === 0,
    room: () => limits.concurrency * limits.ahead - inFlight.size - waitingCount(),
    held,
    full: () => [...held()].filter(([, n]) => n >= limits.endpointConcurrency * limits.ahead).map(([id]) => id),
    async stop() {
      stopped = true
      await Promise.allSettled([...inFlight])
      const unstarted = [...waiting.values()].flat().map(({ d }) => d.id)
      waiting.clear()
      return unstarted
    },
  }
}
