import { useEffect } from 'react'
import { hostSignIn, type CodeSource } from '../store/host-session'
import { useFlexStore } from './useFlexStore'
import { usePageLoaded } from './usePageLoaded'

/**
 * With a code source from the host, signs in through the host once per page,
 * even over a session kept from before: the host says who is signed in, and
 * a session left in storage may be another person's (its user signed out of
 * the host, someone else signed in on the same browser). Every element runs
 * this; the store makes it one call. Not again when the session ends
 * elsewhere (a sign-out in another tab, the host removing `accessData`), nor
 * after a failure or the user's own sign-out: those wait for the user, since
 * a new code then would undo that sign-out in every tab. True while the
 * element must wait:
 * also, with no source yet on a page that declares host sign-in (`declared`),
 * until the page has loaded, since its host may still give one (and its
 * users have no password here); and with none of its own, while the page's
 * host sign-in is under way or failed: the session kept meanwhile may be
 * another person's.
 */
export function useHostSignIn(host: Element, apiBase: string, source: CodeSource | undefined, declared: boolean): boolean {
  const signedIn = useFlexStore((s) => s.accessData !== null)
  const state = useFlexStore((s) => s.hostSignIn)
  const pageLoaded = usePageLoaded(declared)
  useEffect(() => {
    // 'pending' before any run: an element given a source said it is coming (create-element.tsx).
    if (source && (!state || state == 'pending')) void hostSignIn(apiBase, source, host)
  }, [host, apiBase, source, state])
  return source ? !(state === 'done' && signedIn) : !pageLoaded || state == 'pending' || state == 'failed'
}
