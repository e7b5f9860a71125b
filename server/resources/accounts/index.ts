/** What the app mounts of accounts: their routes, the guard that holds creation until the e-mail is verified, and the pruning of their codes. */
export { accountRoutes, requireVerifiedEmail } from './routes'
export { accountRetention } from './codes'
