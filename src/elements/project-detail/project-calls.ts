/**
 * The project-settings calls (servers with the 'project-settings' feature),
 * kept in the project page's chunk: no first screen needs them.
 */
import { parseProject } from '../../api/parse-project'
import { request } from '../../api/request'
import type { Project } from '../../api/types'
import type { ManageApi } from '../../hooks/useManageApi'
import { store } from '../../store'

const path = (id: string) => `/manage/dapp/${encodeURIComponent(id)}`

/** Renames a project or changes its description; answers the project as it is now. */
export const updateProject = (api: ManageApi, base: string, id: string, body: { name?: string; description?: string }): Promise<Project> =>
  api.run(async (token) => parseProject(await request({ base, method: 'PATCH', path: path(id), token, body })))

/** Deletes a project with its keys (they stop working at once). */
export const deleteProject = (api: ManageApi, base: string, id: string): Promise<void> =>
  api.run(async (token) => {
    await request({ base, method: 'DELETE', path: path(id), token })
  })

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
