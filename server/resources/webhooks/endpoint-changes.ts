import type { Database } from '../../db/index'
import type { Log } from '../../http/logger'
import { ENDPOINT_CHANNEL, type HeldDelivery } from './claim'
import type { Dispatch } from './dispatch'

/**
 * An endpoint disabled, pointed elsewhere or deleted (migration 025's NOTIFY,
 * from any instance): what this worker holds for it and has not started would
 * still go out to the address it was claimed with. It is let go instead
 * (`letGo` releases it): it stays for the endpoint as it is now (sent to its
 * new address, or once it is enabled again), unless it was ended. Attempts in
 * flight to it that have no answer yet are called off (`callOff`), and let go
 * as a stop's are (worker.ts), not left to count as delivered at the old
 * address for up to the time limit. A claim under way when the change is heard may
 * have read the endpoint as it was: what it takes for it is let go too. A
 * NOTIFY missed while the listening connection is down leaves those to go out
 * as claimed.
 */
export function watchEndpointChanges(db: Database, log: Log, dispatch: Dispatch, letGo: (ids: string[]) => void, callOff: (endpointId: string) => void) {
  /** The endpoints heard of while a claim is under way. */
  let heard: Set<string> | undefined
  const listening = db
    .listen(ENDPOINT_CHANNEL, (endpointId) => {
      heard?.add(endpointId)
      callOff(endpointId)
      const ids = dispatch.drop(endpointId)
      if (ids.length > 0) letGo(ids)
    })
    .catch((err: Error) => {
      log(`webhook worker cannot listen for endpoint changes (${err.message}); deliveries it holds go out as claimed.`)
      return undefined
    })
  return {
    /** Runs a claim: what it took for an endpoint heard of meanwhile is let go, the rest answered. */
    async claim<C extends { taken: HeldDelivery[] }>(run: () => Promise<C>): Promise<C> {
      const changed = (heard = new Set())
      try {
        const claimed = await run()
        if (changed.size === 0) return claimed
        const taken: HeldDelivery[] = []
        const stale: string[] = []
        for (const d of claimed.taken) {
          if (changed.has(d.endpoint_id)) stale.push(d.id)
          else taken.push(d)
        }
        if (stale.length === 0) return claimed
        letGo(stale)
        return { ...claimed, taken }
      } finally {
        heard = undefined
      }
    },
    async stop() {
      await (await listening)?.().catch(() => undefined)
    },
  }
}
