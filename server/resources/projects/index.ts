/** What the app mounts of projects (their list is kept in memory by list-cache.ts, which the routes use). */
export { projectRoutes } from './routes'
