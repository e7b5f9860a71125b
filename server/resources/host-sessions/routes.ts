import { HostSession, SessionCodeExchange } from '../../../contract/requests'
import { requireToken, type AuthEnv } from '../../http/auth'
import { readBody } from '../../http/body'
import { clientIp } from '../../http/client-ip'
import { HttpError } from '../../http/errors'
import type { RouteDeps } from '../../http/route-deps'
import { requireServiceToken } from '../../http/service-token'
import { throttle } from '../../http/throttle'
import { ContractApp } from '../../openapi/contract-app'
import { ipBucket, ipFailureBucket, refundRateLimit } from '../../security/rate-limit'
import { eraseAccount } from '../accounts'
import { issueToken } from '../session'
import { findHostAccount, hostAccountId, upsertHostAccount } from './accounts'
import { consumeCode, issueCode } from './codes'
import { createSessionRoute, deleteHostAccountRoute, exchangeRoute } from './operations'
import { HOST } from './errors'

export const HOST_SESSIONS_NOT_CONFIGURED = HOST.HOST_SESSIONS_NOT_CONFIGURED.message
export const CODE_REFUSED = HOST.SIGN_IN_CODE_REFUSED.message

/**
 * POST /sessions and DELETE /sessions/{externalId} (the provider's backend, by
 * service token: SERVICE_TOKEN, or the demo's own for the run) and POST
 * /auth/exchange (the widget, by device token, as log-in).
 */
export function hostSessionRoutes({ db, config, clock }: RouteDeps, serviceToken = config.serviceToken) {
  const { perIp, failuresPerIp, windowSeconds } = config.rateLimit
  const provider = requireServiceToken(serviceToken, HOST.HOST_SESSIONS_NOT_CONFIGURED)
  return new ContractApp<AuthEnv>()
    .operation(createSessionRoute, provider, async (c) => {
      const input = await readBody(c, HostSession)
      const now = clock()
      const answer = await db.transaction(async (tx) => {
        const account = await upsertHostAccount(tx, input, new Date(now))
        return issueCode(tx, account.id, now, config.sessionCodeTtlSeconds)
      })
      return c.json(answer, 201)
    })
    .operation(deleteHostAccountRoute, provider, async (c) => {
      // The deletion DELETE /me runs, with the account's row taken again instead of its password:
      // a deletion of the same account that committed meanwhile leaves nothing to delete (404).
      // Trimmed, as POST /sessions kept it: " user-42 " signed in as "user-42", and must be erased as it.
      const externalId = c.req.param('externalId').trim()
      const erased = await db.transaction(async (tx) => {
        const userId = await hostAccountId(tx, externalId)
        if (!userId) return false
        await eraseAccount(tx, userId, new Date(clock()), async () => {
          if ((await hostAccountId(tx, externalId, { lock: true })) !== userId) throw new HttpError(404, HOST.HOST_ACCOUNT_NOT_FOUND)
        })
        return true
      })
      if (!erased) throw new HttpError(404, HOST.HOST_ACCOUNT_NOT_FOUND)
      return c.body(null, 204)
    })
    .operation(exchangeRoute, requireToken(db, 'device'), async (c) => {
      // As log-in: every attempt counts per address before the body is read,
      // and a failure counts with the address's failed log-ins (given back on success),
      // so guessing codes is as slow as guessing passwords.
      const ip = clientIp(c, config.trustProxy)
      await throttle(db, [{ key: ipBucket('exchange', ip), limit: perIp }], windowSeconds)
      const { code } = await readBody(c, SessionCodeExchange)
      await throttle(db, [{ key: ipFailureBucket(ip), limit: failuresPerIp }], windowSeconds)

      const accessData = await db.transaction(async (tx) => {
        const userId = await consumeCode(tx, code, clock())
        const account = userId && (await findHostAccount(tx, userId))
        if (!account) return undefined
        const { token, expiresAt } = await issueToken(tx, 'access', { userId: account.id }, config.accessTokenTtlSeconds, clock())
        return { accessToken: token, tokenType: 'Bearer', expiresAt, user: account }
      })
      if (!accessData) throw new HttpError(401, HOST.SIGN_IN_CODE_REFUSED)
      await refundRateLimit(db, ipFailureBucket(ip))
      return c.json(accessData, 200)
    })
}
