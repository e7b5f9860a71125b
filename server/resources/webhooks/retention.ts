import { onceJob, type PruneJob } from '../../db/retention'
import type { RouteDeps } from '../../http/route-deps'
import { pruneWebhooks } from './attempts'

/**
 * The webhooks' part of the retention schedule (db/retention.ts): attempts,
 * and messages with nothing left to deliver, older than WEBHOOK_RETENTION_DAYS;
 * and a rolled-away signing secret once its grace has ended (it signs nothing
 * more, and kept, a database copy and the encryption key would still give it).
 */
export const webhookRetention = ({ db, config }: RouteDeps): PruneJob[] => [
  onceJob('webhook messages and attempts', (now) => pruneWebhooks(db, new Date(now - config.webhooks.retentionDays * 86_400_000))),
  onceJob('webhook secrets past their grace', (now) =>
    db.query('UPDATE webhook_secrets SET previous_enc = NULL, previous_until = NULL WHERE previous_until <= $1', [new Date(now)]),
  ),
]
