import type { Context, MiddlewareHandler } from 'hono'
import { AccountDeletion, EmailCode, ForgotPassword, PasswordChange, PasswordReset, ProfileChange } from '../../../contract/accounts'
import { requireToken, type AuthEnv } from '../../http/auth'
import { readBody } from '../../http/body'
import { clientIp } from '../../http/client-ip'
import { HttpError, badRequest, conflict } from '../../http/errors'
import type { Log } from '../../http/logger'
import type { RouteDeps } from '../../http/route-deps'
import { throttle } from '../../http/throttle'
import { codeMail, MAIL_NOT_CONFIGURED, type Mailer } from '../../mail/index'
import { ContractApp } from '../../openapi/contract-app'
import { hashPassword, verifyPassword } from '../../security/password'
import { emailBucket, ipBucket, ipFailureBucket, refundRateLimit } from '../../security/rate-limit'
import { issueToken, passwordProblem, revokeSessions } from '../session'
import { issueCode, pruneExpiredCodes, useCode, type CodePurpose } from './codes'
import {
  changePasswordRoute,
  deleteAccountRoute,
  forgotPasswordRoute,
  getProfileRoute,
  logoutAllRoute,
  resetPasswordRoute,
  sendVerificationRoute,
  updateProfileRoute,
  verifyEmailRoute,
} from './operations'
import { deleteAccount, findAccount, findPasswordAccount, markVerified, mayCreate, profile, rename, setPassword, type Account } from './data'

/** One answer for a wrong, used, burned or expired code: which of them it was helps only a guesser. */
export const CODE_REFUSED = 'This code is wrong or no longer valid. Check the latest e-mail, or ask for a new code.'
export const WRONG_PASSWORD = 'Incorrect password.'
export const HOST_ACCOUNT = 'This account signs in through your provider’s website and has no password here. Manage it there.'
export const ALREADY_VERIFIED = 'Your e-mail address is already verified.'
export const VERIFY_FIRST = 'Verify your e-mail address first: we sent you a code. You can ask for a new one from your profile.'

export interface AccountDeps extends RouteDeps {
  /** Undefined: mail is off (production without SMTP_URL), and the routes that need it answer 503. */
  mailer: Mailer | undefined
  log: Log
}

/** The account calls; `signedUp` is what the sign-up route calls to mail the first verification code. */
export function accountRoutes({ db, config, clock, mailer, log }: AccountDeps) {
  const { perIp, perEmail, failuresPerIp, windowSeconds } = config.rateLimit
  const ttl = config.codeTtlSeconds
  const minutes = Math.round(ttl / 60)
  const product = config.mail.productName
  const accepted = `If an account uses this address, a code is on its way to it. It works for ${minutes} minutes.`

  const needMail = (): Mailer => {
    if (!mailer) throw new HttpError(503, MAIL_NOT_CONFIGURED)
    return mailer
  }
  const passwordAccount = async (userId: string): Promise<Account & { email: string; passwordHash: string }> => {
    const account = await findAccount(db, userId)
    if (!account) throw new HttpError(401, 'Your session has expired. Please log in again.')
    if (account.email === null || account.passwordHash === null) throw conflict(HOST_ACCOUNT)
    return account as Account & { email: string; passwordHash: string }
  }
  /** Wrong passwords on the calls that ask for one again, per account, so a stolen session cannot guess its way to deletion. */
  const checkPassword = async (account: { id: string; passwordHash: string }, password: string) => {
    await throttle(db, [{ key: `password-check|user|${account.id}`, limit: perEmail }], windowSeconds)
    if (!(await verifyPassword(password, account.passwordHash))) throw new HttpError(403, WRONG_PASSWORD)
    await refundRateLimit(db, `password-check|user|${account.id}`)
  }

  /**
   * Runs `work` once the answer has gone (the next turn of the event loop): a
   * slow mail server must not slow, or time, the call. Failures are logged
   * with the purpose only, never a code or an address.
   */
  const later = (work: () => Promise<void>, purpose: CodePurpose) =>
    setImmediate(() => work().catch((err: unknown) => log(`mail (${purpose}) failed: ${err instanceof Error ? err.message : String(err)}`)))

  const mailCode = async (to: Mailer, account: { id: string; email: string }, purpose: CodePurpose) => {
    const now = clock()
    const code = await issueCode(db, account.id, purpose, now, ttl)
    await pruneExpiredCodes(db, now)
    const words =
      purpose === 'reset'
        ? {
            subject: 'Your password reset code',
            lead: `Someone, hopefully you, asked to reset the password of your ${product} account. Enter this code to choose a new password:`,
            notYou:
              'If you did not ask for this, you can ignore this e-mail: your password stays as it is, and nobody can use the code without access to your mailbox.',
          }
        : {
            subject: 'Verify your e-mail address',
            lead: `Enter this code in ${product} to confirm that this address is yours:`,
            notYou: `If you did not sign up for ${product}, you can ignore this e-mail: the address will not be confirmed.`,
          }
    await to.send(codeMail({ to: account.email, product, code, minutes, ...words }))
  }

  const limitAddress = async (c: Context, route: string) => {
    const ip = clientIp(c, config.trustProxy)
    await throttle(db, [{ key: ipBucket(route, ip), limit: perIp }], windowSeconds)
    return ip
  }

  const app = new ContractApp<AuthEnv>()
    .operation(forgotPasswordRoute, requireToken(db, 'device'), async (c) => {
      const to = needMail()
      await limitAddress(c, 'forgot')
      const { email } = await readBody(c, ForgotPassword)
      // Counted whether or not the address has an account, so a 429 tells nothing either.
      await throttle(db, [{ key: emailBucket('forgot', email), limit: perEmail }], windowSeconds)
      // Everything that differs between an address with an account and one
      // without (the look-up, the code, the mail) runs after the answer has gone.
      later(async () => {
        const account = await findPasswordAccount(db, email)
        if (account) await mailCode(to, { id: account.id, email }, 'reset')
      }, 'reset')
      return c.json({ message: accepted }, 202)
    })
    .operation(resetPasswordRoute, requireToken(db, 'device'), async (c) => {
      needMail()
      const ip = await limitAddress(c, 'reset')
      const { email, code, password } = await readBody(c, PasswordReset)
      const problem = passwordProblem(password, email)
      if (problem) throw badRequest(problem)
      // A wrong code counts with the address's failed log-ins (given back on success), as a wrong password does.
      await throttle(db, [{ key: ipFailureBucket(ip), limit: failuresPerIp }], windowSeconds)
      const account = await findPasswordAccount(db, email)
      const right = account ? await db.transaction((tx) => useCode(tx, account.id, 'reset', code, clock())) : false
      if (!account || !right) throw badRequest(CODE_REFUSED)
      await refundRateLimit(db, ipFailureBucket(ip))

      const passwordHash = await hashPassword(password, config.passwordCost)
      const accessData = await db.transaction(async (tx) => {
        await setPassword(tx, account.id, passwordHash, { verified: true })
        await revokeSessions(tx, account.id)
        const { token, expiresAt } = await issueToken(tx, 'access', { userId: account.id }, config.accessTokenTtlSeconds)
        return { accessToken: token, tokenType: 'Bearer' as const, expiresAt, user: { id: account.id, name: account.name, email } }
      })
      return c.json(accessData, 200)
    })
    .operation(sendVerificationRoute, requireToken(db, 'access'), async (c) => {
      const to = needMail()
      const account = await passwordAccount(c.var.userId)
      if (account.emailVerified) throw conflict(ALREADY_VERIFIED)
      await throttle(db, [{ key: `verify-send|user|${account.id}`, limit: perEmail }], windowSeconds)
      later(() => mailCode(to, account, 'verify'), 'verify')
      return c.json({ message: `A new code is on its way to ${account.email}. It works for ${minutes} minutes.` }, 202)
    })
    .operation(verifyEmailRoute, requireToken(db, 'access'), async (c) => {
      const { code } = await readBody(c, EmailCode)
      const account = await passwordAccount(c.var.userId)
      if (account.emailVerified) return c.json({ emailVerified: true as const }, 200)
      const right = await db.transaction(async (tx) => {
        const ok = await useCode(tx, account.id, 'verify', code, clock())
        if (ok) await markVerified(tx, account.id)
        return ok
      })
      if (!right) throw badRequest(CODE_REFUSED)
      return c.json({ emailVerified: true as const }, 200)
    })
    .operation(getProfileRoute, requireToken(db, 'access'), async (c) => {
      const me = await profile(db, c.var.userId)
      if (!me) throw new HttpError(401, 'Your session has expired. Please log in again.')
      return c.json(me, 200)
    })
    .operation(updateProfileRoute, requireToken(db, 'access'), async (c) => {
      const { name } = await readBody(c, ProfileChange)
      await rename(db, c.var.userId, name)
      return c.json((await profile(db, c.var.userId))!, 200)
    })
    .operation(changePasswordRoute, requireToken(db, 'access'), async (c) => {
      const { currentPassword, newPassword } = await readBody(c, PasswordChange)
      const account = await passwordAccount(c.var.userId)
      const problem = passwordProblem(newPassword, account.email)
      if (problem) throw badRequest(problem)
      await checkPassword(account, currentPassword)
      const passwordHash = await hashPassword(newPassword, config.passwordCost)
      await db.transaction(async (tx) => {
        await setPassword(tx, account.id, passwordHash)
        await revokeSessions(tx, account.id, { keep: c.var.tokenHash })
      })
      return c.body(null, 204)
    })
    // Never refused for the fair share: a user over budget must still be able to end a stolen session.
    .operation(logoutAllRoute, requireToken(db, 'access', { fairShare: false }), async (c) => {
      await revokeSessions(db, c.var.userId)
      return c.body(null, 204)
    })
    .operation(deleteAccountRoute, requireToken(db, 'access'), async (c) => {
      const { password } = await readBody(c, AccountDeletion)
      const account = await passwordAccount(c.var.userId)
      await checkPassword(account, password)
      await db.transaction(async (tx) => {
        await revokeSessions(tx, account.id)
        await deleteAccount(tx, account.id)
      })
      return c.body(null, 204)
    })

  /** Mails the first verification code of a new password account (when mail is on). */
  const signedUp = (user: { id: string; email: string }) => {
    if (mailer) later(() => mailCode(mailer, user, 'verify'), 'verify')
  }
  return { app, signedUp }
}

/**
 * REQUIRE_VERIFIED_EMAIL: project and key creation answer 403 until the
 * account's e-mail is verified (an account of the provider's own sign-in is vouched for).
 */
export function requireVerifiedEmail({ db }: RouteDeps): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    if (c.req.method === 'POST' && c.var.userId && !(await mayCreate(db, c.var.userId))) throw new HttpError(403, VERIFY_FIRST)
    await next()
  }
}
