import { Hono, type Context } from 'hono'
import { issueToken } from '../data/tokens'
import { findUserByEmail, insertUser, type User } from '../data/users'
import type { Queryable } from '../db/index'
import { requireToken, type AuthEnv } from '../http/auth'
import { clientIp } from '../http/client-ip'
import { HttpError, conflict } from '../http/errors'
import { throttle } from '../http/throttle'
import { email, readJsonObject, text } from '../http/validate'
import { burnPasswordCheck, hashPassword, verifyPassword } from '../security/password'
import { randomId } from '../security/random'
import { attemptBuckets, clearRateLimit, emailBucket } from '../security/rate-limit'
import type { RouteDeps } from './context'

export const WRONG_CREDENTIALS = 'Incorrect e-mail or password.'
export const EMAIL_TAKEN = 'An account with this e-mail already exists.'

// Long enough for any passphrase; bounded so nobody makes us hash a megabyte.
const PASSWORD_MAX = 1024

/** register and authenticate: device token in, access token (the `accessData` body) out. */
export function authRoutes({ db, config }: RouteDeps) {
  const ttl = config.accessTokenTtlSeconds

  /** Counts the attempt before any password work, so a flood costs us no scrypt. */
  const limitAttempts = (c: Context<AuthEnv>, route: string, address: string) =>
    throttle(db, attemptBuckets(route, clientIp(c, config.trustProxy), address, config.rateLimit), config.rateLimit.windowSeconds)

  const session = async (q: Queryable, user: User) => {
    const { token, expiresAt } = await issueToken(q, 'access', { userId: user.id }, ttl)
    return { accessToken: token, tokenType: 'Bearer', expiresAt, user: { id: user.id, name: user.name, email: user.email } }
  }

  return new Hono<AuthEnv>()
    .post('/register', requireToken(db, 'device'), async (c) => {
      const body = await readJsonObject(c)
      const name = text(body, 'name', { label: 'Name', required: true, max: 120 })
      const address = email(body)
      const password = text(body, 'password', { label: 'Password', required: true, min: 8, max: PASSWORD_MAX, trim: false })
      await limitAttempts(c, 'register', address)

      const passwordHash = await hashPassword(password)
      // The account and its first session together, or neither.
      const accessData = await db.transaction(async (tx) => {
        const user = await insertUser(tx, { id: randomId('usr_'), name, email: address, passwordHash })
        if (!user) throw conflict(EMAIL_TAKEN)
        return session(tx, user)
      })
      return c.json(accessData, 200)
    })
    .post('/auth/authenticate', requireToken(db, 'device'), async (c) => {
      const body = await readJsonObject(c)
      const address = email(body)
      const password = text(body, 'password', { label: 'Password', required: true, max: PASSWORD_MAX, trim: false })
      await limitAttempts(c, 'authenticate', address)

      const user = await findUserByEmail(db, address)
      // Same message and (through the dummy check) the same time for an unknown
      // address as for a wrong password: neither tells which addresses exist.
      const ok = user ? await verifyPassword(password, user.passwordHash) : await burnPasswordCheck(password)
      if (!user || !ok) throw new HttpError(401, WRONG_CREDENTIALS)
      await clearRateLimit(db, emailBucket('authenticate', address))
      return c.json(await session(db, user), 200)
    })
}
