import { ForgotPassword, PasswordReset } from '../../../contract/accounts'
import { requireToken, type AuthEnv } from '../../http/auth'
import { readBody } from '../../http/body'
import { badRequest } from '../../http/errors'
import type { RouteDeps } from '../../http/route-deps'
import { throttle } from '../../http/throttle'
import { ContractApp } from '../../openapi/contract-app'
import { hashPassword } from '../../security/password'
import { emailBucket, ipFailureBucket, refundRateLimit } from '../../security/rate-limit'
import { deviceKnowsAccount, forgetDevices, issueToken, passwordProblem, revokeSessions } from '../session'
import { wrongCodesBucket } from './code-budget'
import { judgeCode } from './codes'
import { findPasswordAccount, setPassword } from './data'
import { ACCOUNTS, wrongCodesRefusal } from './messages'
import { forgotPasswordRoute, resetPasswordRoute } from './operations'
import type { AccountSteps } from './steps'

/** A forgotten password: a code by mail, then a new password with it. */
export function passwordResetRoutes({ db, config, clock }: RouteDeps, { minutes, lifetime, needMail, later, mailCode, limitAddress }: AccountSteps) {
  const { perEmail, failuresPerIp, windowSeconds } = config.rateLimit
  const accepted = `If an account uses this address, a code is on its way to it. It works for ${lifetime}.`

  return new ContractApp<AuthEnv>()
    .operation(forgotPasswordRoute, requireToken(db, 'device'), async (c) => {
      const to = needMail()
      const deviceId = c.var.deviceId
      await limitAddress(c, 'forgot')
      const { email } = await readBody(c, ForgotPassword)
      // Counted whether or not the address has an account, so a 429 tells nothing either.
      // A device that has signed in to the account counts on its own: strangers
      // asking for codes for the address cannot keep its owner from a new one there.
      const known = await deviceKnowsAccount(db, email, deviceId)
      await throttle(db, [{ key: known ? `forgot|device|${email}|${deviceId}` : emailBucket('forgot', email), limit: perEmail }], windowSeconds)
      // Everything that differs between an address with an account and one
      // without (the look-up, the code, the mail) runs after the answer has gone.
      later(async () => {
        const account = await findPasswordAccount(db, email)
        // The code is the asking device's: only its tries are judged against it.
        if (account) await mailCode(to, { id: account.id, email }, 'reset', deviceId)
      }, 'reset')
      return c.json({ message: accepted, codeMinutes: minutes }, 202)
    })
    .operation(resetPasswordRoute, requireToken(db, 'device'), async (c) => {
      needMail()
      const ip = await limitAddress(c, 'reset')
      const { email, code, password } = await readBody(c, PasswordReset)
      const problem = passwordProblem(password, email)
      if (problem) throw badRequest(problem)
      // A wrong code counts with the address's failed log-ins (given back on success), as a wrong password does.
      await throttle(db, [{ key: ipFailureBucket(ip), limit: failuresPerIp }], windowSeconds)
      // The same statements and hashing whether or not an account uses the address (judgeCode).
      const account = await findPasswordAccount(db, email)
      const judged = await judgeCode(db, {
        userId: account?.id,
        purpose: 'reset',
        deviceId: c.var.deviceId,
        code,
        now: clock(),
        ip,
        bucket: wrongCodesBucket('reset', email),
      })
      if (judged.refusal) throw wrongCodesRefusal(judged.refusal)
      // The code just used, sent again, is refused like any code no longer valid, but it is no failure either.
      if (judged.right || judged.repeat) await refundRateLimit(db, ipFailureBucket(ip))
      if (!account || !judged.right) throw badRequest(ACCOUNTS.CODE_REFUSED)

      const passwordHash = await hashPassword(password, config.passwordCost)
      const accessData = await db.transaction(async (tx) => {
        // Deleted since its code was judged: the code went with it (and a session for it could not be made).
        const [held] = await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [account.id])
        if (!held) return undefined
        await setPassword(tx, account.id, passwordHash, { verified: true })
        await revokeSessions(tx, account.id)
        // The device that proved the mailbox stays known; every other is a stranger again.
        await forgetDevices(tx, account.id, { keep: c.var.deviceId })
        const { token, expiresAt } = await issueToken(tx, 'access', { userId: account.id }, config.accessTokenTtlSeconds, clock())
        return { accessToken: token, tokenType: 'Bearer' as const, expiresAt, user: { id: account.id, name: account.name, email } }
      })
      if (!accessData) throw badRequest(ACCOUNTS.CODE_REFUSED)
      return c.json(accessData, 200)
    })
}
