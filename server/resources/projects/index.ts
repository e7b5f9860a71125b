import type { Resource } from '../resource'
import { projectRoutes } from './routes'

/** Projects: create, list, read, and their settings (PATCH, DELETE); their list is kept in memory by list-cache.ts. */
export const projects: Resource = { name: 'projects', routes: projectRoutes, features: () => ['project-settings'] }
