import type { Resource } from '../resource'
import { usageRoutes } from './routes'

/** What other resources may use of usage: verification counts each answer. */
export { usageCounter, FLUSH_EVERY_MS, type UsageCounter } from './counter'

/** GET /manage/dapp/{id}/usage. */
export const usage: Resource = { name: 'usage', routes: usageRoutes, features: () => ['usage'] }
