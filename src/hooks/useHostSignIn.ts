import { useEffect } from 'react'
import { hostSignIn, type CodeSource } from '../store/host-session'
import { useFlexStore } from './useFlexStore'

/**
 * With a code source from the host and nobody signed in, signs in through
 * the host at once (every element runs this; the store makes it one call).
 * Not after a failure or the user's own sign-out: those wait for the user.
 */
export function useHostSignIn(host: Element, apiBase: string, source: CodeSource | undefined): boolean {
  const signedIn = useFlexStore((s) => s.accessData !== null)
  const idle = useFlexStore((s) => s.hostSignIn === null)
  useEffect(() => {
    if (source && !signedIn && idle) void hostSignIn(apiBase, source, host)
  }, [host, apiBase, source, signedIn, idle])
  return Boolean(source) && !signedIn
}
