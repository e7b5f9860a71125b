/** What the app mounts of accounts: their routes, and the guard that holds creation until the e-mail is verified. */
export { accountRoutes, requireVerifiedEmail } from './routes'
