import { dictionary } from '@zxcvbn-ts/language-common'
import { errorTable, type Coded } from '../../http/errors'

/**
 * The password rule, after NIST SP 800-63B (memorized secrets): a length
 * floor and a check against known-bad passwords, and no composition rules
 * (they make passwords harder to remember, not to guess).
 */
export const PASSWORD_MIN = 8
export const PASSWORD_RULE = `Use at least ${PASSWORD_MIN} characters; not a common password, not your e-mail address.`

// About 49,000 passwords seen most often in breaches, as shipped (MIT) by
// zxcvbn-ts, a maintained strength estimator. Built into a set on first use.
let common: Set<string> | undefined
const isCommon = (password: string) => (common ??= new Set(dictionary['passwords-common'])).has(password.toLowerCase())

/** Why `password` is refused for the account `email`, or undefined when it is fine. */
export const PASSWORD = errorTable({
  PASSWORD_TOO_SHORT: `Password must be at least ${PASSWORD_MIN} characters.`,
  PASSWORD_REPEATED: 'Password must not be one character repeated. Choose a longer phrase you can remember.',
  PASSWORD_IS_EMAIL: 'Password must not be your e-mail address.',
  PASSWORD_TOO_COMMON: 'This password is too common: it appears in lists of breached passwords. Choose another.',
})

export function passwordProblem(password: string, email: string): Coded | undefined {
  const chars = [...password]
  if (chars.length < PASSWORD_MIN) return PASSWORD.PASSWORD_TOO_SHORT
  if (new Set(chars).size === 1) return PASSWORD.PASSWORD_REPEATED
  const lower = password.normalize('NFC').toLowerCase()
  if (lower === email || lower === email.split('@')[0]) return PASSWORD.PASSWORD_IS_EMAIL
  if (isCommon(lower)) return PASSWORD.PASSWORD_TOO_COMMON
  return undefined
}
