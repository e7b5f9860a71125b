import type { HeldDelivery } from './claim'

/**
 * Dispatch: the deliveries this instance holds, queued per project and
 * endpoint, started as the concurrency limits allow (so many in flight in
 * all, so many for one project, so many to one endpoint). Projects take
 * turns, and a project's endpoints take turns within its share, so a project
 * whose endpoints are slow fills its own share and no more. A claim takes a
 * few deliveries ahead of the free slots (`ahead`), so a slot that frees
 * starts the next one at once instead of after a claim's round trip; and it
 * asks for more once half of what it held is done, so a claim takes many
 * deliveries rather than the one slot just freed.
 */

export interface DispatchLimits {
  /** Attempts in flight at once: in all, for one project, to one endpoint. */
  concurrency: number
  projectConcurrency: number
  endpointConcurrency: number
  /** Per slot, how many deliveries may be held: the one in flight and those waiting for it. */
  ahead: number
  /** How long a delivery may wait for its slot: past it, its attempt could outlast its lease. */
  maxWaitMs: number
}

export interface Dispatch {
  /** Queues deliveries just leased to this instance, and starts what the limits allow. */
  add(list: HeldDelivery[]): void
  /** How many more deliveries may be held in all; and the most for one project, and for one endpoint. */
  room(): number
  projectHold: number
  endpointHold: number
  /** Deliveries held (in flight and waiting) per endpoint, and per project. */
  held(): Map<string, number>
  heldByProject(): Map<string, number>
  /**
   * After a claim: whether more may be due than it took (`more`). Says whether
   * anything may be left for later, and if so, `want` is called once the
   * worker has room for a good share of it.
   */
  claimed(more: boolean): boolean
  /** Lets go of the deliveries to `endpointId` that wait for a slot (not those in flight): their ids, to be released. */
  drop(endpointId: string): string[]
  /** Stops starting attempts; resolves once those in flight have ended, with the ids of those never started. */
  stop(): Promise<string[]>
}

type Waiting = { d: HeldDelivery; at: number }
/** Per project, per endpoint, the deliveries waiting for a slot; in turn order, first to go first. */
type Queues = Map<string, Map<string, Waiting[]>>

const bump = (counts: Map<string, number>, key: string, by: number) => {
  const n = (counts.get(key) ?? 0) + by
  if (n > 0) counts.set(key, n)
  else counts.delete(key)
}

/** Moves `key` to the back of `map`'s order (or drops it when `value` is empty): the next turn goes to the others first. */
const toBack = <V extends { size: number } | { length: number }>(map: Map<string, V>, key: string, value: V) => {
  map.delete(key)
  if (('size' in value ? value.size : value.length) > 0) map.set(key, value)
}

function enqueue(queues: Queues, d: HeldDelivery, at: number) {
  let endpoints = queues.get(d.project_id)
  if (!endpoints) queues.set(d.project_id, (endpoints = new Map()))
  const queue = endpoints.get(d.endpoint_id)
  if (queue) queue.push({ d, at })
  else endpoints.set(d.endpoint_id, [{ d, at }])
}

/**
 * The next delivery that may start: of the first project in turn with a free
 * slot, to its first endpoint in turn with one. Both go to the back.
 */
function nextInTurn(queues: Queues, projectFree: (id: string) => boolean, endpointFree: (id: string) => boolean): Waiting | undefined {
  for (const [project, endpoints] of queues) {
    if (!projectFree(project)) continue
    for (const [endpoint, queue] of endpoints) {
      if (!endpointFree(endpoint)) continue
      const next = queue.shift()!
      toBack(endpoints, endpoint, queue)
      toBack(queues, project, endpoints)
      return next
    }
  }
  return undefined
}

/** Takes the endpoint's queue out of `queues`. */
function takeEndpoint(queues: Queues, endpointId: string): Waiting[] {
  for (const [project, endpoints] of queues) {
    const queue = endpoints.get(endpointId)
    if (!queue) continue
    endpoints.delete(endpointId)
    if (endpoints.size === 0) queues.delete(project)
    return queue
  }
  return []
}

/** `running` plus what waits, per endpoint or per project. */
function heldCounts(queues: Queues, running: Map<string, number>, per: 'endpoint' | 'project') {
  const counts = new Map(running)
  for (const [project, endpoints] of queues) for (const [endpoint, q] of endpoints) bump(counts, per === 'project' ? project : endpoint, q.length)
  return counts
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
  const projectHold = limits.projectConcurrency * limits.ahead
  const totalHold = limits.concurrency * limits.ahead
  const waiting: Queues = new Map()
  let waitingInAll = 0
  const running = new Map<string, number>()
  const runningByProject = new Map<string, number>()
  const inFlight = new Set<Promise<void>>()
  /** What the last claim left behind: endpoints (`e:`) and projects (`p:`) it left out as full, and whether the worker held all it may. */
  let fullAtClaim = new Set<string>()
  let roomLimited = false
  let stopped = false

  const held = () => heldCounts(waiting, running, 'endpoint')
  const heldByProject = () => heldCounts(waiting, runningByProject, 'project')
  const heldInAll = () => inFlight.size + waitingInAll

  function launch(d: HeldDelivery) {
    bump(running, d.endpoint_id, 1)
    bump(runningByProject, d.project_id, 1)
    const attempt = run(d).finally(() => {
      bump(running, d.endpoint_id, -1)
      bump(runningByProject, d.project_id, -1)
      inFlight.delete(attempt)
      start()
      if (!stopped) refill(d)
    })
    inFlight.add(attempt)
  }

  /** Asks for a claim once an endpoint or project left out as full, or the worker as a whole, has room for half its hold again. */
  function refill(d: HeldDelivery) {
    const freed = (key: string, n: number, hold: number) => fullAtClaim.has(key) && n <= hold / 2 && fullAtClaim.delete(key)
    if (freed(`e:${d.endpoint_id}`, held().get(d.endpoint_id) ?? 0, endpointHold)) want()
    else if (freed(`p:${d.project_id}`, heldByProject().get(d.project_id) ?? 0, projectHold)) want()
    else if (roomLimited && heldInAll() <= totalHold / 2) {
      roomLimited = false
      want()
    } else if (heldInAll() === 0) want()
  }

  /** Starts deliveries in turn until no slot is free or nothing that may start is left. */
  function start() {
    const now = performance.now()
    const dropped: string[] = []
    const projectFree = (id: string) => (runningByProject.get(id) ?? 0) < limits.projectConcurrency
    const endpointFree = (id: string) => (running.get(id) ?? 0) < limits.endpointConcurrency
    while (!stopped && inFlight.size < limits.concurrency) {
      const next = nextInTurn(waiting, projectFree, endpointFree)
      if (!next) break
      waitingInAll--
      if (now - next.at > limits.maxWaitMs) dropped.push(next.d.id)
      else launch(next.d)
    }
    if (dropped.length > 0) onDropped(dropped)
  }

  return {
    add(list) {
      const at = performance.now()
      for (const d of list) enqueue(waiting, d, at)
      waitingInAll += list.length
      start()
    },
    room: () => totalHold - heldInAll(),
    projectHold,
    endpointHold,
    held,
    heldByProject,
    claimed(more) {
      roomLimited = more
      const full = (counts: Map<string, number>, hold: number, prefix: string) => [...counts].filter(([, n]) => n >= hold).map(([id]) => `${prefix}${id}`)
      fullAtClaim = new Set([...full(held(), endpointHold, 'e:'), ...full(heldByProject(), projectHold, 'p:')])
      return roomLimited || fullAtClaim.size > 0
    },
    drop(endpointId) {
      const dropped = takeEndpoint(waiting, endpointId)
      waitingInAll -= dropped.length
      return dropped.map(({ d }) => d.id)
    },
    async stop() {
      stopped = true
      await Promise.allSettled([...inFlight])
      const unstarted = [...waiting.values()].flatMap((endpoints) => [...endpoints.values()].flat().map(({ d }) => d.id))
      waiting.clear()
      waitingInAll = 0
      return unstarted
    },
  }
}
