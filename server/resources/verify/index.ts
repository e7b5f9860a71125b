import type { Resource } from '../resource'
import { keyVerifier } from './key-verifier'
import { VERIFY_PATH, verifyRoutes } from './routes'

export { VERIFY_NOT_CONFIGURED, VERIFY_PATH } from './routes'
export { keyVerifier } from './key-verifier'

/**
 * POST /keys/verify, with the app's key verifier (its cache is in the app's CacheSet; the app's
 * settle() writes the usage counts and last-used times it holds). The provider's services call it
 * far more often than anything else: its 200s are logged as one line a second, and it writes
 * nothing the caches hold (the counts are written later, by settle()).
 */
export const verify: Resource = {
  name: 'verify',
  routes(deps) {
    const keys = keyVerifier(deps.caches, deps.db, deps.clock, deps.log)
    return { app: verifyRoutes({ ...deps, keys }), settle: () => keys.settle(), close: () => keys.close() }
  },
  paths: { writesNothingCached: [VERIFY_PATH], summarisedLog: [`POST /api${VERIFY_PATH}`] },
}
