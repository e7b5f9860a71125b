import { isApiError } from '../../api/errors'

/**
 * The field of the sign-up form a server message is about, from its English
 * (the reference server's field checks: i18n/en/server.ts), so it shows under
 * that field; undefined for what is no field's (no answer, an unknown
 * message), which the banner says.
 */
const FIELDS: [RegExp, string][] = [
  [/^Name /, 'name'],
  [/^(E-mail address |Enter a valid e-mail|An account with this e-mail)/, 'email'],
  [/^(Password |This password )/, 'password'],
]

export function fieldOf(error: unknown): string | undefined {
  if (!isApiError(error) || error.reason !== undefined) return undefined
  return FIELDS.find(([pattern]) => pattern.test(error.message))?.[1]
}
