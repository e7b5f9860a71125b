/** What the app mounts of the audit log (entries are written by security/audit-log.ts). */
export { auditRoutes } from './routes'
