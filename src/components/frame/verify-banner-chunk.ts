import { store } from '../../store'
import { chunk } from '../chunk/chunk'

/** The unverified-address reminder above the signed-in screens (with its account calls): a chunk of its own. */
export const verifyBanner = chunk(() => import('./VerifyBanner').then((m) => m.VerifyBanner))

/**
 * Fetches the reminder ahead of a sign-in when the server at `apiBase` has
 * accounts. Fetched only once the frame asked for it, it came after the
 * dashboard's own chunk and delayed the first signed-in screen; against a
 * server without accounts nothing is fetched.
 */
export function prefetchVerifyBanner(apiBase: string): void {
  if (store.getState().capabilities[apiBase]?.has('accounts')) verifyBanner.prefetch()
}
