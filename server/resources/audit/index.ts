import type { Resource } from '../resource'
import { auditRetention, auditRoutes } from './routes'

/** The audit log's reading route and its retention (entries are written by security/audit-log.ts); its feature is the teams'. */
export const audit: Resource = { name: 'audit', routes: auditRoutes, retention: auditRetention }
