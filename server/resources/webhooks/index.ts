/**
 * What other parts of the server use of webhooks: a new project gets its
 * signing secret, app.ts mounts the routes and schedules the pruning of old
 * messages and attempts, start.ts runs the delivery worker, a member's removal
 * ends the endpoints they added.
 */
export { MESSAGES_PATH, webhookRoutes } from './routes'
export { newSigningSecret, storeSigningSecret } from './secrets'
export { startWebhookWorker, type Worker } from './worker'
export { endEndpoints, endpointsAddedBy, type AddedEndpoint } from './added-by'
export { webhookRetention } from './retention'
