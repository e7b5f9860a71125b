/** What other resources may use of usage: verification counts each answer; the app mounts GET /manage/dapp/{id}/usage. */
export { usageRoutes } from './routes'
export { usageCounter, FLUSH_EVERY_MS, type UsageCounter } from './counter'
