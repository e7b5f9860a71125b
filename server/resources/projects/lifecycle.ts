import type { CreatedProject, Project } from '../../../contract/responses'
import type { Database } from '../../db/index'
import { authorize, PROJECTS, type Role } from '../../security/authorization'
import { notFound } from '../../http/errors'
import { deleteProjectKeys, insertKey, listKeys } from '../api-keys'
import { audit, forgetProjects } from '../../security/audit-log'
import { storeSigningSecret } from '../webhooks'
import { changeProject, findProject, insertProject, removeProject } from './data'
import { newWebhookSecret } from './webhook-secret'

/**
 * A project's life across resources: its row (data.ts) with its keys
 * (api-keys) and its webhook signing secret (webhooks). Each resource's data
 * module keeps to its own tables; the steps that join them are here, each in
 * one transaction, with the audit entry of the change.
 */

/**
 * A project with its first key pair and its signing secret, all or none;
 * undefined when the owner already holds `limit` projects.
 */
export async function createProject(
  db: Database,
  ownerId: string,
  name: string,
  description: string,
  limit: number,
  secretKey: Buffer,
  keyPrefix?: string,
): Promise<CreatedProject | undefined> {
  const webhook = newWebhookSecret()
  return db.transaction(async (tx) => {
    const project = await insertProject(tx, ownerId, { name, description, webhookSecretHash: webhook.hash }, limit)
    if (!project) return undefined
    const apiKey = await insertKey(tx, project.id, { createdBy: ownerId, seenBy: ownerId }, { prefix: keyPrefix })
    // Encrypted, not only hashed: deliveries are signed with it.
    await storeSigningSecret(tx, secretKey, project.id, webhook.secret)
    await audit(tx, project.id, ownerId, 'project.created', project.id, { name })
    return { ...project, apiKey, webhookSecret: webhook.secret }
  })
}

/** The project with its keys masked, in creation order, and the caller's role; 404 for a non-member. */
export async function getProject(db: Database, userId: string, id: string): Promise<Omit<Project, 'keyLimit'> & { role: Role }> {
  const role = await authorize(db, userId, id, 'project.read')
  // Deleted between the two reads (its deletion committed meanwhile): gone, as for a caller who came a moment later.
  const project = await findProject(db, id)
  if (!project) throw notFound(PROJECTS.PROJECT_NOT_FOUND)
  const keys = await listKeys(db, project.id)
  return { ...project, apiKey: Object.fromEntries(keys.map((k) => [k.id, k.maskedKey])), keys, role }
}

/** Changes the project (admin, owner) and answers it as getProject does. */
export async function updateProject(
  db: Database,
  userId: string,
  id: string,
  change: { name?: string; description?: string },
): Promise<Omit<Project, 'keyLimit'> & { role: Role }> {
  await db.transaction(async (tx) => {
    await authorize(tx, userId, id, 'project.edit', { lock: true })
    const oldName = await changeProject(tx, id, change)
    if (change.name !== undefined && change.name !== oldName) await audit(tx, id, userId, 'project.renamed', id, { from: oldName ?? '', to: change.name })
    if (change.description !== undefined) await audit(tx, id, userId, 'project.changed', id, { field: 'description' })
  })
  return getProject(db, userId, id)
}

/**
 * Deletes the project for good (the owner alone), its webhook endpoints and
 * members by cascade. Its keys are deleted first, each with a NOTIFY, so that
 * every instance stops accepting them at once. Its audit log goes too, with
 * no entry of the deletion (nobody could read one). Answers the deleted keys' ids.
 */
export async function deleteProject(db: Database, userId: string, id: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    // The lock makes a key creation or roll running now wait, then find no project.
    await authorize(tx, userId, id, 'project.delete', { lock: true })
    const keyIds = await deleteProjectKeys(tx, id)
    await removeProject(tx, id)
    await forgetProjects(tx, [id])
    return keyIds
  })
}
