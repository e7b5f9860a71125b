import type { Resource } from '../resource'
import { accountRetention } from './codes'
import { accountRoutes, requireVerifiedEmail } from './routes'

export { eraseAccount } from './erasure'
export { holdUnverified } from './routes'

/** The POSTs REQUIRE_VERIFIED_EMAIL holds (requireVerifiedEmail) until the account's address is verified. */
const HELD_PATHS = [
  '/manage/dapp',
  '/manage/dapp/:id/api-key',
  // A roll mints a working secret as creation does: an account made before the setting was on, or a team member, is held the same.
  '/manage/dapp/:id/api-key/:keyId/roll',
  // Webhooks: an endpoint has the server send signed requests to a URL the caller chose, a roll mints the signing
  // secret, a test event or a resend is a request sent on demand. An edit that re-points an endpoint is held by its
  // route (holdUnverified: a path's guard cannot see the body); reading, other edits and deleting are not held.
  '/manage/dapp/:id/webhooks',
  '/manage/dapp/:id/webhooks/secret/roll',
  '/manage/dapp/:id/webhooks/:endpointId/test',
  '/manage/dapp/:id/webhooks/:endpointId/messages/:messageId/resend',
]

/**
 * Accounts: password reset, e-mail verification, the profile and its deletion; the mail of a new
 * account's first code (on the session's sign-up event); with REQUIRE_VERIFIED_EMAIL, the guard that
 * holds project and key creation, a key's roll, and webhook endpoints, secret rolls, test events and resends
 * until the address is verified; the pruning of their codes.
 */
export const accounts: Resource = {
  name: 'accounts',
  routes(deps) {
    const { app, signedUp } = accountRoutes(deps)
    deps.events.signedUp.push(signedUp)
    return app
  },
  // The server can send mail (SMTP_URL, or files outside production): reset, verification and
  // invitations mail a code. Without it (MAIL_DISABLED) the widget hides them rather than offer what answers 503.
  features: (config) => (config.mail.smtpUrl || config.mail.folder ? ['accounts', 'mail'] : ['accounts']),
  // Guards on the projects', keys' and webhooks' paths: mounted before any route, so creation is refused before it runs.
  guards: (deps) => {
    if (!deps.config.requireVerifiedEmail) return []
    const handler = requireVerifiedEmail(deps)
    return HELD_PATHS.map((path) => ({ path, handler }))
  },
  retention: (deps) => accountRetention(deps),
}
