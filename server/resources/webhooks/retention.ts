import { onceJob, type PruneJob } from '../../db/retention'
import type { RouteDeps } from '../../http/route-deps'
import { pruneWebhooks } from './attempts'

/**
 * The webhooks' part of the retention schedule (db/retention.ts): attempts,
 * and messages with nothing left to deliver, older than WEBHOOK_RETENTION_DAYS.
 */
export const webhookRetention = ({ db, config }: RouteDeps): PruneJob[] => [
  onceJob('webhook messages and attempts', (now) => pruneWebhooks(db, new Date(now - config.webhooks.retentionDays * 86_400_000))),
]
