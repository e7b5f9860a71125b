import { useEffect, useReducer } from 'react'
import { lazyScreen } from '../../components/chunk/lazyScreen'
import type { HostGateProps } from './HostGate'

/**
 * The host sign-in machinery (the exchange of the host's code, its notices) is
 * a chunk: a page whose host signs nobody in never fetches it. A page that
 * declares host sign-in fetches it while it loads (create-element.tsx), and
 * its elements wait for that load anyway, so there it costs no turn.
 */
export const LazyHostGate = lazyScreen<HostGateProps>(() => import('./HostGate').then((m) => m.HostGate))

/**
 * The gate of an element that never waits (<flex-snippet>): its own screen
 * shows at once, whether or not the chunk has arrived or could be fetched (then
 * it stays signed out, as after a failed host sign-in).
 */
export function HostGateBeside({ children, ...props }: HostGateProps) {
  const Gate = LazyHostGate.chunk.loaded
  const [, arrived] = useReducer((n: number) => n + 1, 0)
  useEffect(() => {
    if (!Gate) LazyHostGate.chunk.load().then(arrived, () => undefined)
  }, [Gate])
  return Gate ? <Gate {...props}>{children}</Gate> : children
}
