/** The wait, said in the reader's language (src/i18n/wait.ts). */
type Wait = { wait: string }

/**
 * The server's errors the widget translates, in English as the reference
 * server words them: the checks of the fields of its log-in, sign-up, reset
 * and profile forms (contract/fields.ts, contract/requests.ts,
 * contract/accounts.ts), the password rule (the server's password policy) and
 * those forms' refusals, and the limits' and a restarting server's. Each is found by its error's code
 * (server-messages.ts), never by its text; any other error stays as the
 * server wrote it. None of this English is bundled: an English reader reads the
 * server's own words, so these are the catalog's ids, the text a host's `strings`
 * and the translators start from, and the tests' reference.
 */
export const server = {
  'server.name.required': 'Name is required.',
  'server.name.tooLong': 'Name must be at most 120 characters.',
  'server.name.control': 'Name must not contain line breaks, tabs or other control characters.',
  'server.name.blank': 'Name must contain a visible character, not only spaces or invisible characters.',
  'server.email.required': 'E-mail address is required.',
  'server.email.tooLong': 'E-mail address must be at most 254 characters.',
  'server.email.invisible': 'E-mail address must not contain invisible or control characters (such as a zero-width space or a soft hyphen).',
  'server.email.invalid': 'Enter a valid e-mail address.',
  'server.email.domain': 'E-mail address must end in a domain name, not an IP address.',
  'server.password.required': 'Password is required.',
  'server.password.tooLong': 'Password must be at most 1024 characters.',
  'server.password.tooShort': 'Password must be at least 8 characters.',
  'server.password.repeated': 'Password must not be one character repeated. Choose a longer phrase you can remember.',
  'server.password.isEmail': 'Password must not be your e-mail address.',
  'server.password.common': 'This password is too common: it appears in lists of breached passwords. Choose another.',
  'server.newPassword.required': 'New password is required.',
  'server.newPassword.tooLong': 'New password must be at most 1024 characters.',
  'server.currentPassword.required': 'Current password is required.',
  'server.currentPassword.tooLong': 'Current password must be at most 1024 characters.',
  'server.code.required': 'Code is required.',
  'server.code.tooLong': 'Code must be at most 32 characters.',
  'server.code.invalid': 'Enter the 10-digit code from the e-mail.',
  'server.code.refused': 'This code is wrong or no longer valid. Check the latest e-mail, or ask for a new code.',
  'server.wrongCredentials': 'Incorrect e-mail or password.',
  'server.emailTaken': 'An account with this e-mail already exists.',
  'server.wrongPassword': 'Incorrect password.',
  // The request log's query checks (contract/logs.ts), met through a host's attributes or an old page's cursor.
  'server.logs.key': 'key must be at most 200 characters.',
  'server.logs.status': 'status must be one of 1xx, 2xx, 3xx, 4xx, 5xx.',
  'server.logs.route': 'route must be at most 200 characters.',
  'server.logs.requestId': 'requestId must be at most 200 characters.',
  'server.logs.method': 'method must be an HTTP method such as GET, of 1 to 16 letters.',
  'server.logs.slowerThan': 'slowerThanMs must be a whole number from 0 to 86400000.',
  'server.logs.before': 'before must be at most 1088 characters.',
  'server.logs.cursor': 'before must be the "next" of an earlier page.',
  'server.logs.mode': 'mode must be one of live, test.',
  'server.limit': 'limit must be a whole number from 1 to 100.',
  'server.days': 'days must be a whole number from 1 to 90.',
  // The limits' refusals (429, `wait` their Retry-After as words) and a stopping server's (503).
  'server.tooManyAttempts': ({ wait }: Wait) => `Too many attempts. Try again in ${wait}.`,
  'server.tooManyRequests': ({ wait }: Wait) => `Too many requests. Try again in ${wait}.`,
  'server.accountUnderAttack': ({ wait }: Wait) =>
    `Too many attempts on this account. Try again in ${wait}, or log in from a device you have logged in on before.`,
  'server.restarting': 'The server is restarting. Please try again in a moment.',
}

/** Not the server's, so bundled: what the widget says when a new verification code was sent without a message. */
export const codeSent = {
  'server.codeSent': 'A new code is on its way.',
}
