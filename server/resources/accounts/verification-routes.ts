import { EmailCode } from '../../../contract/accounts'
import { requireToken, type AuthEnv } from '../../http/auth'
import { readBody } from '../../http/body'
import { badRequest, conflict } from '../../http/errors'
import type { RouteDeps } from '../../http/route-deps'
import { clientIp } from '../../http/client-ip'
import { throttle } from '../../http/throttle'
import { emailBucket } from '../../security/rate-limit'
import { ContractApp } from '../../openapi/contract-app'
import { wrongCodesBucket } from './code-budget'
import { judgeCode } from './codes'
import { markVerified } from './data'
import { ACCOUNTS, wrongCodesRefusal } from './messages'
import { sendVerificationRoute, verifyEmailRoute } from './operations'
import type { AccountSteps } from './steps'

/** Proving the account's e-mail address: a code by mail, then the code back. */
export function verificationRoutes({ db, config, clock }: RouteDeps, { lifetime, needMail, passwordAccount, later, mailCode }: AccountSteps) {
  const { perEmail, windowSeconds } = config.rateLimit

  return new ContractApp<AuthEnv>()
    .operation(sendVerificationRoute, requireToken(db, 'access'), async (c) => {
      const to = needMail()
      const account = await passwordAccount(c.var.userId)
      if (account.emailVerified) throw conflict(ACCOUNTS.ALREADY_VERIFIED)
      // Counted with the reset codes asked for the address (the same bucket): the address is not proved yet, and
      // whoever signed up with it may not own it; apart, the two let them mail it twice as many codes.
      await throttle(db, [{ key: emailBucket('forgot', account.email), limit: perEmail }], windowSeconds)
      later(() => mailCode(to, account, 'verify'), 'verify')
      return c.json({ message: `A new code is on its way to ${account.email}. It works for ${lifetime}.` }, 202)
    })
    .operation(verifyEmailRoute, requireToken(db, 'access'), async (c) => {
      const { code } = await readBody(c, EmailCode)
      const account = await passwordAccount(c.var.userId)
      if (account.emailVerified) return c.json({ emailVerified: true as const }, 200)
      const judged = await judgeCode(db, {
        userId: account.id,
        purpose: 'verify',
        // Only the account's own sessions can try it, so it is the account's, whichever device asked.
        deviceId: '',
        code,
        now: clock(),
        ip: clientIp(c, config.trustProxy),
        bucket: wrongCodesBucket('verify', account.id),
        onRight: (tx) => markVerified(tx, account.id),
      })
      if (judged.refusal) throw wrongCodesRefusal(judged.refusal)
      if (!judged.right) throw badRequest(ACCOUNTS.CODE_REFUSED)
      return c.json({ emailVerified: true as const }, 200)
    })
}
