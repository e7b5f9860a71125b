import type { Context } from 'hono'
import { LogIn, SignUp } from '../../../contract/requests'
import { ContractApp } from '../../openapi/contract-app'
import { readBody } from '../../http/body'
import { authenticateRoute, logoutRoute, registerRoute } from './operations'
import { issueToken, revokeToken } from './tokens'
import { findUserByEmail, holdsPassword, insertUser, rehashPassword, type User } from './users'
import type { Queryable } from '../../db/index'
import { requireToken, type AuthEnv } from '../../http/auth'
import { clientIp } from '../../http/client-ip'
import { HttpError, badRequest, conflict } from '../../http/errors'
import { throttle } from '../../http/throttle'
import { isKnownDevice, rememberDevice } from './known-devices'
import { loginGuard } from './login-guard'
import { burnPasswordCheck, hashedAt, hashPassword, verifyPassword } from '../../security/password'
import { passwordProblem } from './password-policy'
import { randomId } from '../../security/random'
import { ipBucket, pairBucket } from '../../security/rate-limit'
import type { RouteDeps } from '../../http/route-deps'
import type { Log } from '../../http/logger'
import { SESSION } from './errors'

export const WRONG_CREDENTIALS = SESSION.WRONG_CREDENTIALS.message
export const EMAIL_TAKEN = SESSION.EMAIL_TAKEN.message

export interface AuthDeps extends RouteDeps {
  /** Told of each new account after its answer is sent (the accounts resource mails a verification code). */
  signedUp?: (user: { id: string; email: string }) => void
  log: Log
}

/** register and authenticate (device token in, access token — the `accessData` body — out), and logout. */
export function authRoutes({ db, config, clock, signedUp, log }: AuthDeps) {
  const ttl = config.accessTokenTtlSeconds

  const { perIp, perEmail, windowSeconds } = config.rateLimit
  const guard = loginGuard(db, config.rateLimit)

  /** Counts the attempt per client address before the body is even read, so a flood costs us no parsing and no scrypt. */
  const limitAddress = async (c: Context<AuthEnv>, route: string) => {
    const ip = clientIp(c, config.trustProxy)
    await throttle(db, [{ key: ipBucket(route, ip), limit: perIp }], windowSeconds)
    return ip
  }

  const session = async (q: Queryable, user: User) => {
    const { token, expiresAt } = await issueToken(q, 'access', { userId: user.id }, ttl, clock())
    return { accessToken: token, tokenType: 'Bearer', expiresAt, user: { id: user.id, name: user.name, email: user.email } }
  }

  return (
    new ContractApp<AuthEnv>()
      .operation(registerRoute, requireToken(db, 'device'), async (c) => {
        const ip = await limitAddress(c, 'register')
        const { name, email: address, password } = await readBody(c, SignUp)
        const problem = passwordProblem(password, address)
        if (problem) throw badRequest(problem)
        await throttle(db, [{ key: pairBucket('register', address, ip), limit: perEmail }], windowSeconds)

        const passwordHash = await hashPassword(password, config.passwordCost)
        // The account and its first session together, or neither.
        const accessData = await db.transaction(async (tx) => {
          const user = await insertUser(tx, { id: randomId('usr_'), name, email: address, passwordHash })
          if (!user) throw conflict(SESSION.EMAIL_TAKEN)
          await rememberDevice(tx, user.id, c.var.deviceId)
          return session(tx, user)
        })
        signedUp?.(accessData.user)
        return c.json(accessData, 200)
      })
      .operation(authenticateRoute, requireToken(db, 'device'), async (c) => {
        const ip = await limitAddress(c, 'authenticate')
        const { email: address, password } = await readBody(c, LogIn)
        const attempt = { address, ip, knownDevice: (await isKnownDevice(db, address, c.var.deviceId)) ? c.var.deviceId : undefined }
        await guard.before(attempt)

        const user = await findUserByEmail(db, address)
        // Same message and (through the dummy check) the same time for an unknown
        // address as for a wrong password: neither tells which addresses exist.
        const ok = user ? await verifyPassword(password, user.passwordHash) : await burnPasswordCheck(password, config.passwordCost)
        if (!user || !ok) {
          await guard.failed(attempt)
          throw new HttpError(401, SESSION.WRONG_CREDENTIALS)
        }
        // The password was checked outside any transaction: a reset, a change or the account's deletion that
        // landed since leaves no session to hand out, and no device to remember.
        const accessData = await db.transaction(async (tx) => {
          if (!(await holdsPassword(tx, user.id, user.passwordHash, 'SHARE'))) return undefined
          await rememberDevice(tx, user.id, c.var.deviceId)
          return session(tx, user)
        })
        if (!accessData) {
          await guard.failed(attempt)
          throw new HttpError(401, SESSION.WRONG_CREDENTIALS)
        }
        await guard.succeeded(attempt)
        // A hash made at an older cost is made again now, the one time the password is at hand. A failed write
        // costs this log-in nothing: the next one tries again.
        if (!hashedAt(user.passwordHash, config.passwordCost)) {
          const fresh = await hashPassword(password, config.passwordCost)
          await rehashPassword(db, user.id, user.passwordHash, fresh).catch((err: unknown) =>
            log(`password re-hash failed: ${err instanceof Error ? err.message : String(err)}`),
          )
        }
        return c.json(accessData, 200)
      })
      // Ends this session for good: the access token is deleted, so it answers
      // 401 everywhere from now on, whoever holds a copy. Never refused for the
      // fair share: a user over budget must still be able to end a session.
      .operation(logoutRoute, requireToken(db, 'access', { fairShare: false }), async (c) => {
        await revokeToken(db, c.var.tokenHash)
        return c.body(null, 204)
      })
  )
}
