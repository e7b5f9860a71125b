import type { Resource } from '../resource'
import { webhookRetention } from './retention'
import { MESSAGES_PATH, webhookRoutes } from './routes'
import { startWebhookWorker } from './worker'

/**
 * What other parts of the server use of webhooks: a new project gets its
 * signing secret, a member's removal ends the endpoints they added; tests run the worker alone.
 */
export { MESSAGES_PATH } from './routes'
export { newSigningSecret, storeSigningSecret } from './secrets'
export { startWebhookWorker, type Worker } from './worker'
export { endEndpoints, endpointsAddedBy, type AddedEndpoint } from './added-by'

/**
 * Endpoints, the provider's POST /webhooks/messages (up to 256 kB: it sets its own body limit), test
 * events, resend and the attempts log; old messages and attempts on the retention schedule; and the
 * delivery worker, which startServer starts (deliveries accepted before a stop are due again at once).
 */
export const webhooks: Resource = {
  name: 'webhooks',
  routes: webhookRoutes,
  features: () => ['webhooks'],
  retention: webhookRetention,
  start: ({ db, config, log, clock }) => startWebhookWorker({ db, config, log, clock }),
  paths: { ownBodyLimit: [MESSAGES_PATH] },
}
