import { AccountDeletion, PasswordChange, ProfileChange } from '../../../contract/accounts'
import type { Queryable } from '../../db/index'
import { AUTH, requireToken, type AuthEnv } from '../../http/auth'
import { readBody } from '../../http/body'
import { HttpError, badRequest } from '../../http/errors'
import type { RouteDeps } from '../../http/route-deps'
import { ContractApp } from '../../openapi/contract-app'
import { hashPassword } from '../../security/password'
import { goingWithAccount } from '../members'
import { forgetDevices, holdsPassword, passwordProblem, revokeSessions, sessionStands } from '../session'
import { profile, rename, setPassword } from './data'
import { eraseAccount } from './erasure'
import { ACCOUNTS } from './messages'
import { changePasswordRoute, deleteAccountRoute, getProfileRoute, logoutAllRoute, updateProfileRoute } from './operations'
import type { AccountSteps } from './steps'

/** The signed-in user's own account: its profile, its password, ending every session, deleting it. */
export function meRoutes({ db, config, clock }: RouteDeps, { passwordAccount, checkPassword }: AccountSteps) {
  // The projects and keys it shows are those deleting the account would remove: owned ones no admin takes over.
  const me = async (userId: string) => {
    const [account, going] = await Promise.all([profile(db, userId), goingWithAccount(db, userId)])
    return account && { ...account, ...going }
  }
  // A reset or a change that landed since the password was checked: its password stands. The session may be gone
  // with it (a reset, a change made elsewhere): 401. Where it stands (the same session changed it first, from another
  // tab, say), the password sent is simply no longer the account's: the 403 it would have had a moment later, and
  // the widget keeps its session, where a 401 would have signed it out.
  const stillChecked = async (tx: Queryable, account: { id: string; passwordHash: string }, tokenHash: string) => {
    if (await holdsPassword(tx, account.id, account.passwordHash, 'UPDATE')) return
    throw (await sessionStands(tx, tokenHash)) ? new HttpError(403, ACCOUNTS.WRONG_PASSWORD) : new HttpError(401, AUTH.SESSION_EXPIRED)
  }
  return (
    new ContractApp<AuthEnv>()
      .operation(getProfileRoute, requireToken(db, 'access'), async (c) => {
        const mine = await me(c.var.userId)
        if (!mine) throw new HttpError(401, AUTH.SESSION_EXPIRED)
        return c.json(mine, 200)
      })
      .operation(updateProfileRoute, requireToken(db, 'access'), async (c) => {
        const { name } = await readBody(c, ProfileChange)
        await rename(db, c.var.userId, name)
        // The account may have been deleted since the token was read: its session went with it.
        const mine = await me(c.var.userId)
        if (!mine) throw new HttpError(401, AUTH.SESSION_EXPIRED)
        return c.json(mine, 200)
      })
      .operation(changePasswordRoute, requireToken(db, 'access'), async (c) => {
        const { currentPassword, newPassword } = await readBody(c, PasswordChange)
        const account = await passwordAccount(c.var.userId)
        const problem = passwordProblem(newPassword, account.email)
        if (problem) throw badRequest(problem)
        await checkPassword(account, currentPassword)
        const passwordHash = await hashPassword(newPassword, config.passwordCost)
        await db.transaction(async (tx) => {
          await stillChecked(tx, account, c.var.tokenHash)
          await setPassword(tx, account.id, passwordHash)
          await revokeSessions(tx, account.id, { keep: c.var.tokenHash })
          await forgetDevices(tx, account.id)
        })
        return c.body(null, 204)
      })
      // Never refused for the fair share: a user over budget must still be able to end a stolen session.
      .operation(logoutAllRoute, requireToken(db, 'access', { fairShare: false }), async (c) => {
        await db.transaction(async (tx) => {
          await revokeSessions(tx, c.var.userId)
          await forgetDevices(tx, c.var.userId)
        })
        return c.body(null, 204)
      })
      .operation(deleteAccountRoute, requireToken(db, 'access'), async (c) => {
        const { password } = await readBody(c, AccountDeletion)
        const account = await passwordAccount(c.var.userId)
        await checkPassword(account, password)
        await db.transaction((tx) => eraseAccount(tx, account.id, new Date(clock()), () => stillChecked(tx, account, c.var.tokenHash)))
        return c.body(null, 204)
      })
  )
}
