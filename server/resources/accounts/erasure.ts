import type { Queryable } from '../../db/index'
import { forgetProjects } from '../../security/audit-log'
import { holdEveryProject, leaveEveryProject } from '../members'
import { revokeSessions } from '../session'
import { deleteAccount, deleteSignInCodes } from './data'

/**
 * Deletes the account `userId` in the transaction `tx`: the one deletion both callers run, the user's own
 * (DELETE /me, after its password) and the provider's for an account of host sign-in (DELETE
 * /sessions/{externalId}). `confirm` runs once its codes are gone and its projects held, before anything else
 * changes: it takes the account's own row (the caller's check, which throws to remove nothing, codes included: it
 * is all one transaction). Every session ends at once, on every instance (the tokens' rows tell them); owned
 * projects pass to an admin or go with the account (GET /me/deletion tells which, beforehand), with their audit
 * logs, as a deletion by hand does; in the others what it could still use ends as when it leaves, each in its
 * project's audit log.
 */
export async function eraseAccount(tx: Queryable, userId: string, now: Date, confirm: () => Promise<void>): Promise<void> {
  // Its codes, then its projects, before its own row, in the order the calls that meet it take them: an exchange
  // holds its code, then the user's row; a call in a project (a key made, a roll) holds the project, then the user's row.
  await deleteSignInCodes(tx, userId)
  await holdEveryProject(tx, userId)
  await confirm()
  await revokeSessions(tx, userId)
  const { deleted } = await leaveEveryProject(tx, userId, now)
  await deleteAccount(tx, userId)
  await forgetProjects(
    tx,
    deleted.map((p) => p.projectId),
  )
}
