import type { KeyMap } from '../api/types'
import { sessionOf, store } from './index'

/**
 * Whole key pairs not yet seen, per session (sessionOf) and project, for the
 * page's life: one made after its reader left the project page (Back while
 * 'Creating…') shows when they come back to it, or its whole key would be
 * lost. Memory only, never storage; seeing it (Exit) forgets it, and so
 * does any change of session (a sign-out), as the revealed keys go.
 */
const unseen = new Map<string, KeyMap>()
store.subscribe((now, before) => {
  if (sessionOf(now.accessData) !== sessionOf(before.accessData)) unseen.clear()
})
const keyOf = (session: unknown, projectId: string) => `${String(session)} ${projectId}`

export const unseenKeys = (session: unknown, projectId: string): KeyMap | null => unseen.get(keyOf(session, projectId)) ?? null

export function holdUnseen(session: unknown, projectId: string, keys: KeyMap | null): void {
  if (keys) unseen.set(keyOf(session, projectId), keys)
  else unseen.delete(keyOf(session, projectId))
}

/** Forgets every pair (a fresh page, in tests). */
export const forgetUnseen = (): void => unseen.clear()
