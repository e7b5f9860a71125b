import type { Feature } from '../../../contract/constants'
import type { AppConfig } from '../../config'

/**
 * The features this server offers beyond the specification's calls, named as
 * in contract/constants.ts (FEATURES), which the widget reads too. A resource that adds
 * screens to the widget adds its name here when it is mounted, so a server
 * that lacks it (or a spec-only one, which answers 404 to /capabilities)
 * shows none of its screens.
 */
export function features(config: AppConfig): Feature[] {
  const list: Feature[] = ['webhooks']
  list.push('usage') // GET /manage/dapp/{id}/usage (resources/usage), always mounted
  // Password reset, e-mail verification, the profile, sign out everywhere, deletion (resources/accounts).
  list.push('accounts')
  // The server can send mail (SMTP_URL, or files outside production): reset,
  // verification and invitations mail a code. Without it (MAIL_DISABLED) the
  // widget hides them rather than offer what answers 503.
  if (config.mail.smtpUrl || config.mail.folder) list.push('mail')
  // PATCH and DELETE /manage/dapp/{id} (resources/projects), always mounted.
  list.push('project-settings')
  // Members, invitations, roles and the audit log (resources/members, resources/audit), always mounted.
  list.push('teams')
  // Keys restricted to scopes of the provider's catalog (KEY_SCOPES_FILE), with IP allowlists and test keys:
  // without a catalog the widget shows nothing of it (the server still takes mode and allowedIps).
  if (config.keyScopes) list.push('key-restrictions')
  return list
}
