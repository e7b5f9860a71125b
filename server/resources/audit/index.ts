/** What the app mounts of the audit log, and its retention job (entries are written by security/audit-log.ts). */
export { auditRetention, auditRoutes } from './routes'
