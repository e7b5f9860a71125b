import type { Resource } from '../resource'
import { pruneUsageBatches } from './data'
import { usageRoutes } from './routes'

/** What other resources may use of usage: verification counts each answer. */
export { usageCounter, FLUSH_EVERY_MS, type UsageCounter } from './counter'

/** GET /manage/dapp/{id}/usage; the ids of the counts' batches on the retention schedule. */
export const usage: Resource = {
  name: 'usage',
  routes: usageRoutes,
  features: () => ['usage'],
  retention: ({ db }) => [{ name: "the usage counts' batch ids", prune: () => pruneUsageBatches(db) }],
}
