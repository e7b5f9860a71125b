import type { CreatedProject, Project } from '../../../contract/responses'
import type { Database, Queryable } from '../../db/index'
import { ownsProject } from '../../security/ownership'
import { deleteProjectKeys, insertKey, listKeys } from '../api-keys'
import { storeSigningSecret } from '../webhooks'
import { changeProject, findProject, insertProject, removeProject } from './data'
import { newWebhookSecret } from './webhook-secret'

/**
 * A project's life across resources: its row (data.ts) with its keys
 * (api-keys) and its webhook signing secret (webhooks). Each resource's data
 * module keeps to its own tables; the steps that join them are here, each in
 * one transaction.
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
    const apiKey = await insertKey(tx, project.id, { prefix: keyPrefix })
    // Encrypted, not only hashed: deliveries are signed with it.
    await storeSigningSecret(tx, secretKey, project.id, webhook.secret)
    return { ...project, apiKey, webhookSecret: webhook.secret }
  })
}

/**
 * The owner's project with its keys masked, in creation order; undefined for a
 * project that is missing or someone else's — the caller cannot tell which.
 */
export async function getProject(q: Queryable, ownerId: string, id: string): Promise<Omit<Project, 'keyLimit'> | undefined> {
  const project = await findProject(q, ownerId, id)
  if (!project) return undefined
  const keys = await listKeys(q, project.id)
  return { ...project, apiKey: Object.fromEntries(keys.map((k) => [k.id, k.maskedKey])), keys }
}

/** Changes the owner's project and answers it as getProject does, or undefined when it is missing or someone else's. */
export async function updateProject(
  q: Queryable,
  ownerId: string,
  id: string,
  change: { name?: string; description?: string },
): Promise<Omit<Project, 'keyLimit'> | undefined> {
  return (await changeProject(q, ownerId, id, change)) ? getProject(q, ownerId, id) : undefined
}

/**
 * Deletes the owner's project for good, its webhook endpoints by cascade. Its
 * keys are deleted first, each with a NOTIFY, so that every instance stops
 * accepting them at once. Answers the deleted keys' ids, or undefined for a
 * project that is missing or someone else's.
 */
export async function deleteProject(db: Database, ownerId: string, id: string): Promise<string[] | undefined> {
  return db.transaction(async (tx) => {
    // The lock makes a key creation or roll running now wait, then find no project.
    if (!(await ownsProject(tx, ownerId, id, { lock: true }))) return undefined
    const keyIds = await deleteProjectKeys(tx, id)
    await removeProject(tx, id)
    return keyIds
  })
}
