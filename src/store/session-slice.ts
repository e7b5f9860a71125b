import type { StateCreator } from 'zustand/vanilla'
import type { AccessData } from '../api/types'
import type { FlexState } from './index'

/**
 * Why a session ended, when the log-in screen has something to say about it:
 * a 401 (expired, or revoked elsewhere: the server answers both alike), the
 * user's "Sign out everywhere", the user's deleted account. A code only:
 * nothing of the session is kept.
 */
export type SignOutReason = 'expired' | 'everywhere' | 'deleted'

/**
 * Where a sign-in by the host page stands: null (none yet, or none asked
 * for), under way, done (the session is the one the host handed over on this
 * page), failed, or ended by the user's own "Sign out" (then the host decides
 * what comes next: no new code is asked for).
 */
export type HostSignIn = 'pending' | 'done' | 'failed' | 'signed-out' | null

export interface SessionSlice {
  /** The sign-up / log-in response body; its presence is what "signed in" means. */
  accessData: AccessData | null
  /** Why the last sign-out happened, so the log-in screen can say so. */
  signOutReason: SignOutReason | null
  hostSignIn: HostSignIn
  signIn: (accessData: AccessData) => void
  signOut: (reason?: SignOutReason) => void
}

export const createSessionSlice: StateCreator<FlexState, [], [], SessionSlice> = (set) => ({
  accessData: null,
  signOutReason: null,
  hostSignIn: null,
  signIn: (accessData) => set({ accessData, signOutReason: null }),
  signOut: (reason) => set({ accessData: null, signOutReason: reason ?? null }),
})
