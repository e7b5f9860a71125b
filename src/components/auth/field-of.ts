import { isApiError } from '../../api/errors'

/**
 * The field of the log-in, sign-up and reset forms a server message is about, from
 * its English (the reference server's field checks: i18n/en/server.ts), so it
 * shows under that field; undefined for what is no field's ("Incorrect e-mail
 * or password.", no answer), which the banner says.
 */
const FIELDS: [RegExp, string][] = [
  [/^Name /, 'name'],
  [/^(E-mail address |Enter a valid e-mail|An account with this e-mail)/, 'email'],
  [/^(Password |This password )/, 'password'],
  [/^(Code |Enter the 6-digit code|This code )/, 'code'],
]

export function fieldOf(error: unknown): string | undefined {
  if (!isApiError(error) || error.reason !== undefined) return undefined
  return FIELDS.find(([pattern]) => pattern.test(error.message))?.[1]
}
