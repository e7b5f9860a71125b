/**
 * The project calls (server/resources/projects/), each given the session's
 * caller (useManageApi's `call`). Only signed-in screens use them, so they are
 * not in the first screen's script.
 */
import type { ProjectChanges } from '../../contract/requests'
import { parseProject, parseProjectList } from './parse-project'
import type { ManageCall } from './request'
import type { NewProjectInput, Project, ProjectSummary } from './types'

const path = (id: string) => `/manage/dapp/${encodeURIComponent(id)}`

export async function createProject(call: ManageCall, input: NewProjectInput): Promise<Project> {
  // An empty name or description is sent as undefined (the server answers with a message).
  const body = { name: input.name || undefined, description: input.description || undefined }
  return parseProject(await call({ method: 'POST', path: '/manage/dapp', body }))
}

export async function listProjects(call: ManageCall, signal?: AbortSignal): Promise<ProjectSummary[]> {
  return parseProjectList(await call({ method: 'GET', path: '/manage/dapp/owner', signal }))
}

export async function getProject(call: ManageCall, id: string, signal?: AbortSignal): Promise<Project> {
  return parseProject(await call({ method: 'GET', path: path(id), signal }))
}

/** Renames a project or changes its description (servers with 'project-settings'); answers the project as it is now. */
export async function updateProject(call: ManageCall, id: string, body: ProjectChanges): Promise<Project> {
  return parseProject(await call({ method: 'PATCH', path: path(id), body }))
}

/** Deletes a project with its keys (they stop working at once). */
export async function deleteProject(call: ManageCall, id: string): Promise<void> {
  await call({ method: 'DELETE', path: path(id) })
}
