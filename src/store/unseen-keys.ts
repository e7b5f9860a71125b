import type { KeyMap } from '../api/types'

/**
 * Whole key pairs not yet seen, per session (sessionOf) and project, for the
 * page's life: one made after its reader left the project page (Back while
 * 'Creating…') shows when they come back to it, or its whole key would be
 * lost. Memory only, never storage; seeing it (Exit) forgets it.
 */
const unseen = new Map<string, KeyMap>()
const keyOf = (session: unknown, projectId: string) => `${String(session)} ${projectId}`

export const unseenKeys = (session: unknown, projectId: string): KeyMap | null => unseen.get(keyOf(session, projectId)) ?? null

export function holdUnseen(session: unknown, projectId: string, keys: KeyMap | null): void {
  if (keys) unseen.set(keyOf(session, projectId), keys)
  else unseen.delete(keyOf(session, projectId))
}

/** Forgets every pair (a fresh page, in tests). */
export const forgetUnseen = (): void => unseen.clear()
