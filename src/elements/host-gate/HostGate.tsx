import type { ReactNode } from 'react'
import { useElement } from '../../context/element'
import { useHostSignIn } from '../../hooks/useHostSignIn'
import { HostSessionNotice } from '../../components/HostSessionNotice'

export interface HostGateProps {
  /** False for <flex-snippet>: it signs in through the host but never waits for it (it shows the host's own code). */
  waits: boolean
  /** The page declares host sign-in (host-sign-in.ts) and has not loaded yet. */
  declared: boolean
  children: ReactNode
}

/**
 * Sign-in by the host for one element: starts it (useHostSignIn) and, while
 * the element must wait for it, shows where it stands instead of the screen.
 */
export function HostGate({ waits, declared, children }: HostGateProps) {
  const { host, apiBase, hostSession } = useElement()
  const gated = useHostSignIn(host, apiBase, hostSession, declared) && waits
  return gated ? <HostSessionNotice /> : children
}
