import type { StateCreator } from 'zustand/vanilla'
import type { KeyMap, ProjectSummary } from '../api/types'
import type { FlexState } from './index'

/** A key as a sample's picker shows it; a test key is the one samples use first. */
export type SnippetKey = { name: string; test: boolean }

export interface SnippetSlice {
  /**
   * Whole API keys created (or rolled) on this page, per project. A whole key
   * exists only in the response that made it, so this is the one place it
   * lives after its dialog closes: memory only, never storage, an event, the
   * URL or the console. Cleared on sign-out; gone on reload.
   */
  revealedKeys: Record<string, KeyMap>
  /** The project and key every <flex-snippet> on the page shows: the one created, opened or picked last. */
  snippetPick: { projectId: string; keyId?: string } | null
  /** The owner's projects and, per project, its API project IDs with their names ('' when the server has none) and whether each is a test key (null: the key no longer works). */
  snippetProjects: ProjectSummary[] | null
  snippetKeys: Record<string, Record<string, SnippetKey | null>>
  /** Called with every response that carries whole keys (create project, create key, roll key). */
  rememberRevealedKeys: (projectId: string, keys: KeyMap) => void
  pickSnippetProject: (projectId: string, keyId?: string) => void
  /** A deleted key leaves every snippet. */
  forgetKey: (projectId: string, keyId: string) => void
  /** Bumped when a project is renamed or deleted (project-detail/project-changed.ts), so every list on the page loads again. */
  projectsRevision: number
}

type PerProject<T> = Record<string, Record<string, T>>
const without = <T>(map: PerProject<T>, projectId: string, keyId: string): PerProject<T> => {
  const { [keyId]: _gone, ...rest } = map[projectId] ?? {}
  return { ...map, [projectId]: rest }
}

export const createSnippetSlice: StateCreator<FlexState, [], [], SnippetSlice> = (set) => ({
  revealedKeys: {},
  snippetPick: null,
  snippetProjects: null,
  snippetKeys: {},
  rememberRevealedKeys: (projectId, keys) =>
    set((s) => ({
      revealedKeys: { ...s.revealedKeys, [projectId]: { ...s.revealedKeys[projectId], ...keys } },
      snippetPick: { projectId, keyId: Object.keys(keys)[0] },
    })),
  // Re-opening the same project keeps its chosen key.
  pickSnippetProject: (projectId, keyId) =>
    set((s) => ({ snippetPick: { projectId, keyId: keyId ?? (s.snippetPick?.projectId === projectId ? s.snippetPick.keyId : undefined) } })),
  forgetKey: (projectId, keyId) =>
    set((s) => ({ revealedKeys: without(s.revealedKeys, projectId, keyId), snippetKeys: without(s.snippetKeys, projectId, keyId) })),
  projectsRevision: 0,
})
