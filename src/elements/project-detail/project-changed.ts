import { store } from '../../store'

/**
 * Tells every element on the page that a project was renamed or deleted: the
 * lists load again, and a deleted project's whole keys and snippet pick go.
 */
export function projectChanged(projectId: string, deleted = false): void {
  store.setState((s) => ({
    projectsRevision: s.projectsRevision + 1,
    snippetProjects: null,
    ...(deleted && {
      revealedKeys: { ...s.revealedKeys, [projectId]: {} },
      snippetPick: s.snippetPick?.projectId === projectId ? null : s.snippetPick,
    }),
  }))
}
