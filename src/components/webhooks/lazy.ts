import { lazyScreen } from '../chunk/lazyScreen'

/** A project's webhooks (endpoints, delivery log, dialogs), fetched when first shown: no first screen needs them. */
export const LazyWebhooks = lazyScreen(() => import('./WebhooksSection').then((m) => m.WebhooksSection))
