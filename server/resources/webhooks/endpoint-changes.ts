import type { Database } from '../../db/index'
import type { Log } from '../../http/logger'
import { ENDPOINT_CHANNEL, type HeldDelivery } from './claim'
import type { Dispatch } from './dispatch'

/** In the endpoints heard of during a claim: every endpoint (no endpoint id is empty). */
const ANY = ''

/**
 * An endpoint disabled, pointed elsewhere or deleted (migration 025's NOTIFY,
 * from any instance): what this worker holds for it and has not started would
 * still go out to the address it was claimed with. It is let go instead
 * (`letGo` releases it): it stays for the endpoint as it is now (sent to its
 * new address, or once it is enabled again), unless it was ended. Attempts in
 * flight to it that have no answer yet are called off (`callOff`), and let go
 * as a stop's are (worker.ts), not left to count as delivered at the old
 * address for up to the time limit. A claim under way when the change is heard may
 * have read the endpoint as it was: what it takes for it is let go too.
 * A NOTIFY sent while the listening connection is down is lost: when it drops
 * (or its heartbeat finds it silent) and again once it is back, any endpoint
 * may have changed, so everything waiting, and what a claim under way takes,
 * is let go and claimed again as the endpoints are now. An attempt already in
 * flight goes on: calling it off on every lost connection would send it twice.
 */
export function watchEndpointChanges(db: Database, log: Log, dispatch: Dispatch, letGo: (ids: string[]) => void, callOff: (endpointId: string) => void) {
  /** The endpoints heard of while a claim is under way (ANY: messages may have been missed). */
  let heard: Set<string> | undefined
  const drop = (endpointIds: Iterable<string>) => {
    const ids = [...endpointIds].flatMap((endpointId) => dispatch.drop(endpointId))
    if (ids.length > 0) letGo(ids)
  }
  const changed = (endpointId: string) => {
    heard?.add(endpointId)
    callOff(endpointId)
    drop([endpointId])
  }
  const missed = () => {
    heard?.add(ANY)
    drop(dispatch.held().keys())
  }
  const listening = db.listen(ENDPOINT_CHANNEL, changed, missed).catch((err: Error) => {
    log(`webhook worker cannot listen for endpoint changes (${err.message}); deliveries it holds go out as claimed.`)
    return undefined
  })
  return {
    /** Runs a claim: what it took for an endpoint heard of meanwhile is let go, the rest answered. */
    async claim<C extends { taken: HeldDelivery[] }>(run: () => Promise<C>): Promise<C> {
      const meanwhile = (heard = new Set())
      try {
        const claimed = await run()
        if (meanwhile.size === 0) return claimed
        const taken: HeldDelivery[] = []
        const stale: string[] = []
        for (const d of claimed.taken) {
          if (meanwhile.has(ANY) || meanwhile.has(d.endpoint_id)) stale.push(d.id)
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
