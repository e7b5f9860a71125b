/**
 * What other parts of the server use of webhooks: a new project gets its
 * signing secret, app.ts mounts the routes and schedules the pruning of old
 * messages and attempts, start.ts runs the delivery worker.
 */
export { MESSAGES_PATH, webhookRoutes } from './routes'
export { newSigningSecret, storeSigningSecret } from './secrets'
export { startWebhookWorker, type Worker } from './worker'
export { webhookRetention } from './retention'
