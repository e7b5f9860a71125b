import type { Resource } from '../resource'
import { healthRoutes } from './routes'

/** GET /health: answered whatever the address holds, for a load balancer's probe. */
export const health: Resource = { name: 'health', routes: healthRoutes, paths: { anyQuery: ['/health'] } }
