import type { Context } from 'hono'
import { clientIp } from '../../http/client-ip'
import { HttpError, conflict } from '../../http/errors'
import type { Log } from '../../http/logger'
import type { RouteDeps } from '../../http/route-deps'
import { throttle } from '../../http/throttle'
import { codeMail, MAIL, mailFailure, type Mailer } from '../../mail/index'
import { verifyPassword } from '../../security/password'
import { ipBucket, refundRateLimit } from '../../security/rate-limit'
import { issueCode, type CodePurpose } from './codes'
import { findAccount, type Account } from './data'
import { ACCOUNTS } from './messages'
import { AUTH } from '../../http/auth'

export interface AccountDeps extends RouteDeps {
  /** Undefined: mail is off (production without SMTP_URL), and the routes that need it answer 503. */
  mailer: Mailer | undefined
  log: Log
}

/** The steps the account route groups share: mail, codes, the password asked again, per-address limits. */
export type AccountSteps = ReturnType<typeof accountSteps>

export function accountSteps({ db, config, clock, mailer, log }: AccountDeps) {
  const { perIp, perEmail, windowSeconds } = config.rateLimit
  const ttl = config.codeTtlSeconds
  // Whole minutes, rounded down: a mail never promises a code longer than it lasts (CODE_TTL_SECONDS is 60 at least).
  const minutes = Math.floor(ttl / 60)
  const lifetime = minutes === 1 ? '1 minute' : `${minutes} minutes`
  const product = config.mail.productName

  const needMail = (): Mailer => {
    if (!mailer) throw new HttpError(503, MAIL.MAIL_NOT_CONFIGURED)
    return mailer
  }
  const passwordAccount = async (userId: string): Promise<Account & { email: string; passwordHash: string }> => {
    const account = await findAccount(db, userId)
    if (!account) throw new HttpError(401, AUTH.SESSION_EXPIRED)
    if (account.email === null || account.passwordHash === null) throw conflict(ACCOUNTS.HOST_ACCOUNT_NO_PASSWORD)
    return account as Account & { email: string; passwordHash: string }
  }
  /** Wrong passwords on the calls that ask for one again, per account, so a stolen session cannot guess its way to deletion. */
  const checkPassword = async (account: { id: string; passwordHash: string }, password: string) => {
    await throttle(db, [{ key: `password-check|user|${account.id}`, limit: perEmail }], windowSeconds)
    if (!(await verifyPassword(password, account.passwordHash))) throw new HttpError(403, ACCOUNTS.WRONG_PASSWORD)
    await refundRateLimit(db, `password-check|user|${account.id}`)
  }

  /**
   * Runs `work` once the answer has gone (the next turn of the event loop): a
   * slow mail server must not slow, or time, the call. Failures are logged
   * with the purpose only, never a code or an address.
   */
  const later = (work: () => Promise<void>, purpose: CodePurpose) =>
    setImmediate(() => work().catch((err: unknown) => log(`mail (${purpose}) failed: ${mailFailure(err)}`)))

  /** Mails a new code; a reset code is `deviceId`'s, a verification code the account's. */
  const mailCode = async (to: Mailer, account: { id: string; email: string }, purpose: CodePurpose, deviceId = '') => {
    const now = clock()
    const code = await issueCode(db, { userId: account.id, purpose, deviceId }, now, ttl)
    const words =
      purpose === 'reset'
        ? {
            subject: 'Your password reset code',
            lead: `Someone, hopefully you, asked to reset the password of your ${product} account. Enter this code in the same browser where you asked for it, to choose a new password:`,
            notYou:
              'If you did not ask for this, you can ignore this e-mail: your password stays as it is, and nobody can use the code without access to your mailbox.',
          }
        : {
            subject: 'Verify your e-mail address',
            lead: `Enter this code in ${product} to confirm that this address is yours:`,
            notYou: `If you did not sign up for ${product}, you can ignore this e-mail: the address will not be confirmed.`,
          }
    await to.send(codeMail({ to: account.email, product, code, lifetime, ...words }))
  }

  const limitAddress = async (c: Context, route: string) => {
    const ip = clientIp(c, config.trustProxy)
    await throttle(db, [{ key: ipBucket(route, ip), limit: perIp }], windowSeconds)
    return ip
  }

  return { minutes, lifetime, needMail, passwordAccount, checkPassword, later, mailCode, limitAddress }
}
