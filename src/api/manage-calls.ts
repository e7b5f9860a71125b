/**
 * The project calls of the API contract, each under the element's
 * `api-base`, carrying the access token. Only signed-in screens use them,
 * so they are not in the first screen's script.
 */
import { parseKeyMap, parseProject, parseProjectList } from './parse-project'
import { request } from './request'
import type { KeyMap, NewProjectInput, Project, ProjectSummary } from './types'

const seg = encodeURIComponent

export async function createProject(base: string, token: string, input: NewProjectInput): Promise<Project> {
  // An empty name or description is sent as undefined (the server answers with a message).
  const body = { name: input.name || undefined, description: input.description || undefined }
  return parseProject(await request({ base, method: 'POST', path: '/manage/dapp', token, body }))
}

export async function listProjects(base: string, token: string, signal?: AbortSignal): Promise<ProjectSummary[]> {
  return parseProjectList(await request({ base, method: 'GET', path: '/manage/dapp/owner', token, signal }))
}

export async function getProject(base: string, token: string, id: string, signal?: AbortSignal): Promise<Project> {
  return parseProject(await request({ base, method: 'GET', path: `/manage/dapp/${seg(id)}`, token, signal }))
}

export async function createKey(base: string, token: string, id: string): Promise<KeyMap> {
  return parseKeyMap(await request({ base, method: 'POST', path: `/manage/dapp/${seg(id)}/api-key`, token }))
}

export async function deleteKey(base: string, token: string, id: string, keyId: string): Promise<void> {
  await request({ base, method: 'DELETE', path: `/manage/dapp/${seg(id)}/api-key/${seg(keyId)}`, token })
}

// Key metadata calls (rename, expiry, roll): a server without them answers 404,
// and the widget does not offer them when the project came without `keys`.

/** Renames a key and/or changes its expiry (`null`: none). */
export async function updateKey(base: string, token: string, id: string, keyId: string, body: { name?: string; expiresAt?: string | null }): Promise<void> {
  await request({ base, method: 'PATCH', path: `/manage/dapp/${seg(id)}/api-key/${seg(keyId)}`, token, body })
}

/** A new key for an old one, which keeps working for `graceSeconds`. */
export async function rollKey(base: string, token: string, id: string, keyId: string, graceSeconds: number): Promise<KeyMap> {
  return parseKeyMap(await request({ base, method: 'POST', path: `/manage/dapp/${seg(id)}/api-key/${seg(keyId)}/roll`, token, body: { graceSeconds } }))
}

/** Verifications per key and day (`days` 1–90); a server without usage answers 404, and the widget asks only when it offers it. */
export async function getUsage(base: string, token: string, id: string, days: number, signal?: AbortSignal): Promise<unknown> {
  return request({ base, method: 'GET', path: `/manage/dapp/${seg(id)}/usage?days=${days}`, token, signal })
}
