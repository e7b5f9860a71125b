import type { HeldDelivery } from './claim'

/**
 * Dispatch: the deliveries this instance holds, queued per endpoint, started
 * as the concurrency limits allow (so many in flight in all, so many to one
 * endpoint), endpoints taking turns. A claim takes a few deliveries ahead of
 * an endpoint's free slots (`ahead`), so a slot that frees starts the next one
 * at once instead of after a claim's round trip; and it asks for more once
 * half of what it held is done, so a claim takes many deliveries rather than
 * the one slot just freed.
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
  /** How many more deliveries may be held in all, and per endpoint. */
  room(): number
  endpointHold: number
  /** Deliveries held per endpoint (in flight and waiting). */
  held(): Map<string, number>
  /**
   * After a claim: whether more may be due than it took (`more`). Says whether
   * anything may be left for later, and if so, `want` is called once the
   * worker has room for a good share of it.
   */
  claimed(more: boolean): boolean
  /** Stops starting attempts; resolves once those in flight have ended, with the ids of those never started. */
  stop(): Promise<string[]>
}

/**
 * `run` makes one attempt. `want` is called when it is time to claim again:
 * half of what was held is done, or nothing is held any more. `onDropped`
 * gets deliveries that waited too long to start, to be released.
 */
export function createDispatch(
  limits: DispatchLimits,
  run: (d: HeldDelivery) => Promise<void>,
  want: () => void,
  onDropped: (ids: string[]) => void,
): Dispatch {
  const endpointHold = limits.endpointConcurrency * limits.ahead
  const totalHold = limits.concurrency * limits.ahead
  const waiting = new Map<string, Array<{ d: HeldDelivery; at: number }>>()
  const running = new Map<string, number>()
  const inFlight = new Set<Promise<void>>()
  /** What the last claim left behind: endpoints it left out as full, and whether the worker held all it may. */
  let fullAtClaim = new Set<string>()
  let roomLimited = false
  let stopped = false

  const held = () => {
    const counts = new Map(running)
    for (const [id, q] of waiting) counts.set(id, (counts.get(id) ?? 0) + q.length)
    return counts
  }
  const heldInAll = () => inFlight.size + [...waiting.values()].reduce((n, q) => n + q.length, 0)

  function launch(d: HeldDelivery) {
    running.set(d.endpoint_id, (running.get(d.endpoint_id) ?? 0) + 1)
    const attempt = run(d).finally(() => {
      const n = running.get(d.endpoint_id)! - 1
      if (n > 0) running.set(d.endpoint_id, n)
      else running.delete(d.endpoint_id)
      inFlight.delete(attempt)
      start()
      if (!stopped) refill(d.endpoint_id)
    })
    inFlight.add(attempt)
  }

  function refill(endpoint: string) {
    if (fullAtClaim.has(endpoint) && (held().get(endpoint) ?? 0) <= endpointHold / 2) {
      fullAtClaim.delete(endpoint)
      want()
    } else if (roomLimited && heldInAll() <= totalHold / 2) {
      roomLimited = false
      want()
    } else if (heldInAll() === 0) {
      want()
    }
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
    room: () => totalHold - heldInAll(),
    endpointHold,
    held,
    claimed(more) {
      roomLimited = more
      fullAtClaim = new Set([...held()].filter(([, n]) => n >= endpointHold).map(([id]) => id))
      return roomLimited || fullAtClaim.size > 0
    },
    async stop() {
      stopped = true
      await Promise.allSettled([...inFlight])
      const unstarted = [...waiting.values()].flat().map(({ d }) => d.id)
      waiting.clear()
      return unstarted
    },
  }
}
