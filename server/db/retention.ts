import { setImmediate as nextTurn } from 'node:timers/promises'

/**
 * One kind of old rows and how to remove them: `prune` deletes those out of
 * date at `now` (the app's clock), a bounded batch at a time, and resolves
 * true when it removed a whole batch (more may be left).
 */
export interface PruneJob {
  /** For the log line of a failure. */
  name: string
  prune(now: number): Promise<boolean>
}

export interface Retention {
  /** Adds jobs: each resource with old rows registers its own (createApp gathers them). */
  register(...jobs: PruneJob[]): void
  /** Runs every job until it has nothing left (at most MAX_BATCHES batches each); ticks run one after another. Tests call it. */
  tick(): Promise<void>
  /** Ticks every `everyMs` from now on, the first time `firstMs` from now (startServer calls it; tests tick by hand). */
  start(): void
  /** No more ticks; resolves once a tick under way has finished. */
  stop(): Promise<void>
}

/** How often a running server prunes: old rows only cost space, so an hour is soon enough. */
export const RETENTION_EVERY_MS = 60 * 60 * 1000
/** The first time after a start: soon, so that a server restarted often still prunes, but not in the start's own rush. */
export const RETENTION_FIRST_MS = 60 * 1000
/** A job's batches per tick, so one backlog cannot hold the database for long; the rest waits for the next tick. */
const MAX_BATCHES = 100

/**
 * The one schedule of housekeeping: every table with rows that age out
 * (expired tokens, old devices, finished rate-limit windows, the audit log
 * past its retention, long-expired invitations, old webhook messages and
 * attempts) registers a job, and
 * the jobs run together on a timer the app owns and its close() stops.
 * Deletes are bounded batches by the app's clock, so any number of instances
 * may run them side by side.
 */
export function retentionScheduler({
  clock,
  log,
  everyMs = RETENTION_EVERY_MS,
  firstMs = RETENTION_FIRST_MS,
}: {
  clock: () => number
  log: (line: string) => void
  everyMs?: number
  firstMs?: number
}): Retention {
  const jobs: PruneJob[] = []
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  let last: Promise<void> = Promise.resolve()

  async function run(job: PruneJob) {
    try {
      for (let batch = 0; batch < MAX_BATCHES && !stopped; batch++) {
        if (!(await job.prune(clock()))) return
        // Other calls' queries go between batches (the embedded database runs on the server's thread).
        await nextTurn()
      }
    } catch (err) {
      log(`retention: pruning ${job.name} failed (${err instanceof Error ? err.message : String(err)})`)
    }
  }

  const tick = () =>
    (last = last.then(async () => {
      for (const job of jobs) await run(job)
    }))

  const schedule = (ms: number) => {
    if (stopped) return
    // Housekeeping must not keep a process alive that has nothing else to do.
    timer = setTimeout(() => void tick().finally(() => schedule(everyMs)), ms).unref()
  }

  return {
    register: (...more) => void jobs.push(...more),
    tick,
    start() {
      if (timer === undefined && !stopped) schedule(firstMs)
    },
    async stop() {
      stopped = true
      clearTimeout(timer)
      await last
    },
  }
}

/** A job of one statement that removes everything out of date at once (no batch to repeat). */
export const onceJob = (name: string, prune: (now: number) => Promise<unknown>): PruneJob => ({
  name,
  prune: async (now) => {
    await prune(now)
    return false
  },
})
