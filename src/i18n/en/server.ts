/** The wait, said in the reader's language (src/i18n/wait.ts). */
type Wait = { wait: string }

/**
 * The server's errors the widget translates, in English as the reference
 * server words them: the checks of the fields of its log-in, sign-up, reset
 * and profile forms (contract/fields.ts, contract/requests.ts,
 * contract/accounts.ts), the password rule (the server's password policy) and
 * those forms' refusals, the webhook endpoint dialog's, the project, key and
 * member limits, the invitations', and the limits' and a restarting server's. Each is found by its error's code
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
  // The webhook endpoint dialog's refusals (contract/webhooks.ts, the server's check of the address), then the
  // limits of projects, keys and members and the invitations'. A limit's figure is the server's setting and no
  // field of its answer, so these say none; nor is the host ENDPOINT_URL_PRIVATE_HOST names, so its text names none.
  'server.endpoint.description.control': 'Endpoint description must not contain line breaks, tabs or other control characters.',
  'server.endpoint.description.blank': 'Endpoint description must contain a visible character, not only spaces or invisible characters.',
  'server.endpoint.url.notUrl': 'Endpoint URL must be a full URL, such as https://example.com/webhooks.',
  'server.endpoint.url.scheme': 'Endpoint URL must start with https:// or http://.',
  'server.endpoint.url.credentials': 'Endpoint URL must not contain a user name or password.',
  'server.endpoint.url.noHost': 'Endpoint URL must name a host.',
  'server.endpoint.url.private':
    'Endpoint URL must be on a public address: loopback, private, link-local, carrier-grade NAT, multicast and cloud metadata addresses are refused (for development only, the server can allow them with WEBHOOK_ALLOW_PRIVATE_NETWORKS=true).',
  'server.endpoint.url.privateHost':
    "Endpoint URL's host is not a public address. Endpoint URL must be on a public address: loopback, private, link-local, carrier-grade NAT, multicast and cloud metadata addresses are refused (for development only, the server can allow them with WEBHOOK_ALLOW_PRIVATE_NETWORKS=true).",
  'server.endpoint.limit': 'This project already has as many webhook endpoints as it may have. Delete one to add another.',
  // A project deleted, or the reader removed from it, while its page was open: the next call on it answers this.
  'server.project.notFound': 'Project not found.',
  // The project form's description (contract/requests.ts): several lines, so line breaks and tabs are its own.
  'server.project.description.control': 'Project description must not contain control characters other than line breaks and tabs.',
  'server.project.description.blank': 'Project description must contain a visible character, not only spaces or invisible characters.',
  'server.project.limit': 'You already have as many projects as an account may have.',
  'server.key.limit': 'This project already has as many API keys as it may have. Delete one to create another.',
  'server.key.limitForRoll':
    'This project already has as many API keys as it may have, so the old key cannot keep working beside its replacement. Roll it with no grace period (it stops at once), or delete another key first.',
  'server.member.already': 'This address is already a member of the project.',
  'server.member.invited': 'This address is already invited: resend or revoke that invitation.',
  'server.member.limit': 'This project already has as many members and invitations as it may have.',
  'server.member.recipientLimit': 'This member already owns as many projects as an account may have: they must delete or transfer one first.',
  'server.invite.verify': 'Verify your e-mail address before inviting anyone: we sent you a code. You can ask for a new one from your profile.',
  // REQUIRE_VERIFIED_EMAIL: making a project, a key or a webhook endpoint, giving an endpoint a new address,
  // rolling a key or the webhook secret, or sending a test event or a resend, before the address is verified.
  'server.verifyFirst': 'Verify your e-mail address first: we sent you a code. You can ask for a new one from your profile.',
  'server.invite.hostUnverified':
    'You cannot invite anyone yet: the website you signed in through has not confirmed your e-mail address to us. Accepting an invitation with the code from its mail confirms it too.',
  // A day's budget (429, `wait` its Retry-After in hours or days past two of them).
  'server.invite.inviterLimit': ({ wait }: Wait) => `You have sent as many invitations as you may send in a day, resends included. Try again in ${wait}.`,
  'server.invite.addressLimit': ({ wait }: Wait) =>
    `This address has already been sent as many invitations today as one address may receive in a day. Try again in ${wait}.`,
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
  // What the HTTP layer refuses before a route (a request slower than its bounds, a head over 16 kB).
  'server.requestTimeout': 'The request took too long to arrive. Please send it again.',
  'server.headersTooLarge': 'The request’s headers are too large.',
}

/** Not the server's, so bundled: what the widget says when a new verification code was sent without a message. */
export const codeSent = {
  'server.codeSent': 'A new code is on its way.',
}
