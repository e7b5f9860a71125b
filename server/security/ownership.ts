import type { Queryable } from '../db/index'

/**
 * One text for a project that is missing and one that is someone else's, in
 * every resource that lives under a project: ids must not be probe-able.
 */
export const PROJECT_NOT_FOUND = 'Project not found.'

/**
 * Whether `ownerId` owns project `projectId`. With `lock`, inside a
 * transaction, the project row is held (FOR UPDATE) until it ends, so the
 * changes made under one project (key creation, edits, rolls) take turns.
 */
export async function ownsProject(q: Queryable, ownerId: string, projectId: string, { lock = false } = {}): Promise<boolean> {
  const [row] = await q.query(`SELECT 1 FROM projects WHERE id = $1 AND owner_id = $2${lock ? ' FOR UPDATE' : ''}`, [projectId, ownerId])
  return row !== undefined
}
