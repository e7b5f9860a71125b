/** What other resources may use of the session: issuing an access token (host sign-in answers with the log-in's body). */
export { issueToken } from './tokens'
