import type { MiddlewareHandler } from 'hono'
import type { Queryable } from '../../db/index'
import type { AuthEnv } from '../../http/auth'
import { HttpError } from '../../http/errors'
import type { RouteDeps } from '../../http/route-deps'
import { ContractApp } from '../../openapi/contract-app'
import { mayCreate } from './data'
import { meRoutes } from './me-routes'
import { VERIFIED_EMAIL } from '../../openapi/error-responses'
import { passwordResetRoutes } from './password-reset-routes'
import { accountSteps, type AccountDeps } from './steps'
import { verificationRoutes } from './verification-routes'

/** The account calls; `signedUp` is what the sign-up route calls to mail the first verification code. */
export function accountRoutes(deps: AccountDeps) {
  const steps = accountSteps(deps)
  const { mailer } = deps
  const { later, mailCode } = steps
  const app = new ContractApp<AuthEnv>()
    .route('/', passwordResetRoutes(deps, steps))
    .route('/', verificationRoutes(deps, steps))
    .route('/', meRoutes(deps, steps))

  /** Mails the first verification code of a new password account (when mail is on). */
  const signedUp = (user: { id: string; email: string }) => {
    if (mailer) later(() => mailCode(mailer, user, 'verify'), 'verify')
  }
  return { app, signedUp }
}

/**
 * REQUIRE_VERIFIED_EMAIL: a POST to a path it guards (index.ts: project and key creation, a key's roll, and the
 * webhooks' endpoint creation, secret roll, test events and resends) answers 403 until the account's e-mail is
 * verified, or it is an account of the provider's own sign-in (made only with the service token; creating claims no
 * address, data.ts mayCreate).
 */
export function requireVerifiedEmail({ db }: RouteDeps): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    if (c.req.method === 'POST' && c.var.userId) await holdUnverified(db, c.var.userId)
    await next()
  }
}

/**
 * REQUIRE_VERIFIED_EMAIL's refusal, for a route that holds only some of what one call does (an endpoint's edit
 * that re-points it: a path guard cannot see the body): 403 unless the account may do what the setting holds.
 */
export async function holdUnverified(db: Queryable, userId: string): Promise<void> {
  if (!(await mayCreate(db, userId))) throw new HttpError(403, VERIFIED_EMAIL.VERIFY_EMAIL_FIRST)
}
