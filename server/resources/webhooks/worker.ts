import type { AppConfig, WebhookConfig } from '../../config'
import type { Database } from '../../db/index'
import type { Log } from '../../http/logger'
import { processEncryptionKey } from '../../security/encryption'
import { claimDue, nextDue, releaseLeases, type HeldDelivery } from './claim'
import { post, signature, type Outcome } from './deliver'
import { createDispatch } from './dispatch'
import { watchEndpointChanges } from './endpoint-changes'
import { attemptLine, createRecorder } from './record'
import { signingSecrets } from './secrets'
import { startWaking } from './wake'

/**
 * The delivery worker: deliveries are rows of a queue table, and each
 * instance claims the due ones, projects taking turns (claim.ts), makes one
 * attempt per delivery within its concurrency limits, in all, per project
 * and per endpoint (dispatch.ts), writes each outcome as it
 * comes, a retry being the delivery queued again with a delay (record.ts),
 * and looks for due deliveries when told, when a retry is due, and on a slow
 * sweep (wake.ts).
 *
 * Why a table and not pg-boss or graphile-worker: both need a pool of real
 * PostgreSQL connections and cannot run on PGlite, the embedded default. The
 * table works on both.
 */

export interface WorkerDeps {
  db: Database
  config: AppConfig
  log: Log
  clock: () => number
}

export interface Worker {
  /** Looks for due deliveries now (a NOTIFY does the same). */
  wake(): void
  /**
   * Stops claiming, calls off attempts in flight that have no answer yet and
   * lets them go (not recorded: due again at once, as claimed deliveries not
   * started are), and waits for the outcomes that came to be recorded.
   */
  stop(): Promise<void>
}

/** Per slot, how many deliveries a worker holds: the one in flight and those claimed ahead. */
const AHEAD = 4
/** Time kept between the end of an attempt's time limit and the end of its lease, for recording it. */
const LEASE_MARGIN_MS = 10_000
/** The most deliveries one claim takes. */
const CLAIM_LIMIT = 200

export function startWebhookWorker({ db, config, log, clock }: WorkerDeps): Worker {
  const { webhooks } = config
  const key = config.secretEncryptionKey ?? processEncryptionKey()
  const policy = { retrySchedule: webhooks.retrySchedule, disableAfterMs: webhooks.disableAfterFailingMs }
  // A crashed attempt is retried once it is surely over: after the time limit, and a margin for recording it.
  const leaseMs = webhooks.timeoutMs + 30_000
  /** The attempts in flight, each with what calls it off. */
  const flying = new Map<HeldDelivery, AbortController>()
  let stopped = false
  const releasing = new Set<Promise<void>>()

  const recorder = createRecorder(db, policy, clock, log)
  const { concurrency, projectConcurrency, endpointConcurrency } = webhooks
  const limits = { concurrency, projectConcurrency, endpointConcurrency, ahead: AHEAD, maxWaitMs: leaseMs - webhooks.timeoutMs - LEASE_MARGIN_MS }
  const dispatch = createDispatch(limits, attempt, () => waker.wake(), release)
  const waker = startWaking(db, look, log, clock)
  /** Calls off the attempts in flight that `which` picks: those with no answer yet are let go, not recorded. */
  const callOff = (which: (d: HeldDelivery) => boolean) => flying.forEach((controller, d) => which(d) && controller.abort())
  /** Releases deliveries and looks again: they are due at once. */
  const letGo = (ids: string[]) => void release(ids).then(() => waker.wake())
  const changes = watchEndpointChanges(db, log, dispatch, letGo, (endpointId) => callOff((d) => d.endpoint_id === endpointId))

  /** Makes one attempt and queues its outcome to be written: the slot is free once the answer is in. */
  async function attempt(d: HeldDelivery): Promise<void> {
    const number = d.attempt_number ?? d.attempts_made + 1
    const started = new Date(clock())
    const controller = new AbortController()
    flying.set(d, controller)
    // One that starts while the worker stops is called off at once.
    if (stopped) controller.abort()
    const outcome = await send(d, started, key, webhooks, controller.signal, log).finally(() => flying.delete(d))
    // Called off before an answer came (a stop, its endpoint changed): no attempt of the schedule's, no failure of the
    // endpoint's. Recorded as failed, every deploy would spend a step, and on the last one end the delivery undelivered.
    if (outcome.calledOff) return letGo([d.id])
    const attempted = { delivery: d, number, started, outcome }
    recorder.record(attempted, (recorded) => {
      log(attemptLine(attempted, recorded, policy.disableAfterMs))
      if (recorded.next) waker.at(recorded.next.getTime())
    })
  }

  /**
   * Claims until nothing due is left or the worker holds all it may; once
   * idle, sets the timer for the next due delivery.
   */
  async function look(): Promise<void> {
    let claimedAny = false
    let more = true
    while (more && !stopped && dispatch.room() > 0) {
      const now = clock()
      const claimed = await changes.claim(() =>
        claimDue(db, {
          now: new Date(now),
          leaseUntil: new Date(now + leaseMs),
          limit: Math.min(dispatch.room(), CLAIM_LIMIT),
          held: dispatch.held(),
          heldByProject: dispatch.heldByProject(),
          endpointHold: dispatch.endpointHold,
          projectHold: dispatch.projectHold,
        }),
      )
      if (stopped) return void release(claimed.taken.map((d) => d.id))
      dispatch.add(claimed.taken)
      claimedAny ||= claimed.taken.length > 0
      more = claimed.more
    }
    if (stopped) return
    // Looking for the next due time costs a query: not while deliveries are coming (a NOTIFY wakes
    // the worker for new ones, each retry recorded here sets the timer, and dispatch asks for a
    // claim as what it holds is done), only once it is idle.
    if (dispatch.claimed(more) || claimedAny) return
    const due = await nextDue(db)
    waker.at(due ? due.getTime() : null)
  }

  /** Lets leased deliveries this worker will not attempt go: due again at once, for another instance or the next start. */
  function release(ids: string[]): Promise<void> {
    const done = releaseLeases(db, ids, new Date(clock()))
      .catch((err: Error) => log(`webhook worker: ${ids.length} deliveries stay leased until their lease ends (${err.message})`))
      .finally(() => releasing.delete(done))
    releasing.add(done)
    return done
  }

  return {
    wake: () => waker.wake(),
    async stop() {
      if (stopped) return
      stopped = true
      await changes.stop()
      await waker.stop()
      callOff(() => true)
      release(await dispatch.stop())
      await recorder.flush()
      await Promise.all([...releasing])
    },
  }
}

/** Signs and POSTs one delivery; what went wrong on this side is a failed outcome too. */
async function send(d: HeldDelivery, started: Date, key: Buffer, webhooks: WebhookConfig, signal: AbortSignal, log: Log): Promise<Outcome> {
  try {
    const secrets = signingSecrets(key, d, d.project_id, started)
    if (secrets.length === 0) return { body: 'The project has no signing secret: roll it in the portal.', durationMs: 0 }
    const headers = {
      'webhook-id': d.message_id,
      'webhook-timestamp': String(Math.floor(started.getTime() / 1000)),
      'webhook-signature': signature(secrets, d.message_id, started, d.body),
    }
    return await post(d.url, headers, d.body, { timeoutMs: webhooks.timeoutMs, allowPrivate: webhooks.allowPrivateNetworks, signal })
  } catch (err) {
    log(`webhook error endpoint=${d.endpoint_id} message=${d.message_id}: ${(err as Error).message}`)
    return { body: 'The attempt could not be made.', durationMs: 0 }
  }
}
