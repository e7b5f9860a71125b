/** What the app uses of request logs: the routes it mounts (and the path whose body limit they set), and the retention job. */
import type { RouteDeps } from '../../http/route-deps'
import { partitionKeeper } from './partitions'
import { requestLogRetention } from './retention'
import { logRoutes } from './routes'

export { LOGS_PATH } from './routes'

/** The routes and the retention job, sharing what this app knows of the day partitions. */
export function requestLogs(deps: RouteDeps) {
  const partitions = partitionKeeper(deps.db)
  return { routes: logRoutes(deps, partitions), retention: requestLogRetention(deps, partitions) }
}
