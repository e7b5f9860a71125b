import type { Resource, ResourceDeps } from '../resource'
import { partitionKeeper, type PartitionKeeper } from './partitions'
import { requestLogRetention } from './retention'
import { LOGS_PATH, logRoutes } from './routes'

export { LOGS_PATH } from './routes'

// The routes and the retention job of one app share what it knows of the day partitions (which exist).
const keepers = new WeakMap<ResourceDeps, PartitionKeeper>()
function keeperOf(deps: ResourceDeps): PartitionKeeper {
  let keeper = keepers.get(deps)
  if (!keeper) keepers.set(deps, (keeper = partitionKeeper(deps.db)))
  return keeper
}

/**
 * Request logs: the provider's POST /logs (batches of up to 5 MB: it sets its own body limit) and
 * GET /logs/{requestId} (service token), a project's GET …/logs and …/logs/summary (any member);
 * whole day partitions dropped past REQUEST_LOG_RETENTION_DAYS on the retention schedule.
 */
export const logs: Resource = {
  name: 'logs',
  routes: (deps) => logRoutes(deps, keeperOf(deps)),
  features: () => ['request-logs'],
  retention: (deps) => requestLogRetention(deps, keeperOf(deps)),
  paths: { ownBodyLimit: [LOGS_PATH] },
}
