/**
 * <flex-webhooks>: one project's webhook endpoints, their delivery logs and the
 * secret roll, for hosts that put webhooks on a page of their own. The project
 * comes from `project-id`. Registering it costs the first screen next to
 * nothing: all it renders is a chunk, fetched when the element is first drawn.
 *
 * Attributes and events: ELEMENTS['flex-webhooks'] in ../descriptors.ts (README's tables and
 * dist/custom-elements.json are made from it).
 * Against a server without webhooks: "This server does not send webhooks."
 */
import { lazyScreen } from '../../components/chunk/lazyScreen'
import { createFlexElement } from '../create-element'

/** @internal The screen behind the element, for tests. */
export const LazyWebhooksScreen = lazyScreen(() => import('./WebhooksScreen').then((m) => m.WebhooksScreen))

export const FlexWebhooksElement = createFlexElement(LazyWebhooksScreen, 'flex-webhooks')
