import { EmailCode } from '../../../contract/accounts'
import { requireToken, type AuthEnv } from '../../http/auth'
import { readBody } from '../../http/body'
import { badRequest, conflict } from '../../http/errors'
import type { RouteDeps } from '../../http/route-deps'
import { clientIp } from '../../http/client-ip'
import { throttle } from '../../http/throttle'
import { ContractApp } from '../../openapi/contract-app'
import { wrongCodesBucket } from './code-budget'
import { judgeCode } from './codes'
import { markVerified } from './data'
import { ACCOUNTS, wrongCodesRefusal } from './messages'
import { sendVerificationRoute, verifyEmailRoute } from './operations'
import type { AccountSteps } from './steps'

/** Proving the account's e-mail address: a code by mail, then the code back. */
export function verificationRoutes({ db, config, clock }: RouteDeps, { minutes, lifetime, needMail, passwordAccount, later, mailCode }: AccountSteps) {
  const { perEmail, windowSeconds } = config.rateLimit

  return new ContractApp<AuthEnv>()
    .operation(sendVerificationRoute, requireToken(db, 'access'), async (c) => {
      const to = needMail()
      const account = await passwordAccount(c.var.userId)
      if (account.emailVerified) throw conflict(ACCOUNTS.ALREADY_VERIFIED)
      // The account's own budget: counted with the reset codes strangers ask for the address, the owner of an
      // account whose address is not proved yet could be kept from proving it, window after window.
      await throttle(db, [{ key: `verify-send|user|${account.id}`, limit: perEmail }], windowSeconds)
      later(() => mailCode(to, account, 'verify'), 'verify')
      return c.json({ message: `A new code is on its way to ${account.email}. It works for ${lifetime}.`, codeMinutes: minutes }, 202)
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
