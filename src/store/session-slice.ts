import type { StateCreator } from 'zustand/vanilla'
import type { AccessData } from '../api/types'
import type { FlexState } from './index'

export type SignOutReason = 'expired'

export interface SessionSlice {
  /** The sign-up / log-in response body; its presence is what "signed in" means. */
  accessData: AccessData | null
  /** Why the last sign-out happened, so the log-in screen can say so. */
  signOutReason: SignOutReason | null
  signIn: (accessData: AccessData) => void
  signOut: (reason?: SignOutReason) => void
}

export const createSessionSlice: StateCreator<FlexState, [], [], SessionSlice> = (set) => ({
  accessData: null,
  signOutReason: null,
  signIn: (accessData) => set({ accessData, signOutReason: null }),
  signOut: (reason) => set({ accessData: null, signOutReason: reason ?? null }),
})
