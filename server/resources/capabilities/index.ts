import type { Resource } from '../resource'
import { capabilitiesRoutes } from './routes'

/** GET /capabilities: the features of every mounted resource. */
export const capabilities: Resource = { name: 'capabilities', routes: capabilitiesRoutes }
