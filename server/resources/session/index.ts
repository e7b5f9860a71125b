/**
 * What other resources may use of the session: issuing an access token (host
 * sign-in and a password reset answer with the log-in's body), ending an
 * account's sessions, and the password rule.
 */
export { issueToken, revokeSessions } from './tokens'
export { PASSWORD_RULE, passwordProblem } from './password-policy'
