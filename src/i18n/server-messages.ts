import { server } from './en/server'

/**
 * The server messages the widget shows in the reader's language: the checks of
 * its forms' fields, the password rule and those forms' refusals, recognised by
 * their exact English. Any other server message is shown as the server wrote
 * it. Fetched only when a reader's texts are not the English ones.
 */
const KNOWN = [
  'server.name.required',
  'server.name.tooLong',
  'server.name.control',
  'server.name.blank',
  'server.email.required',
  'server.email.tooLong',
  'server.email.invisible',
  'server.email.invalid',
  'server.email.domain',
  'server.password.required',
  'server.password.tooLong',
  'server.password.tooShort',
  'server.password.repeated',
  'server.password.isEmail',
  'server.password.common',
  'server.newPassword.required',
  'server.newPassword.tooLong',
  'server.currentPassword.required',
  'server.currentPassword.tooLong',
  'server.code.required',
  'server.code.tooLong',
  'server.code.invalid',
  'server.code.refused',
  'server.wrongCredentials',
  'server.emailTaken',
  'server.wrongPassword',
  'server.codeSent',
] as const satisfies ReadonlyArray<keyof typeof server>

const byText = new Map<string, string>(KNOWN.map((id) => [server[id], id]))

/** The catalog id of a server message the widget knows, else undefined. */
export const knownMessage = (message: string): string | undefined => byText.get(message)

export { server as english }
