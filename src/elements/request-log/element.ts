/**
 * <flex-request-log>: the signed-in developer's last calls to the provider's
 * API, for a docs page ("your last calls" beside the endpoint being read):
 * the project from `project-id` (else the one the page's <flex-snippet>s
 * show), only one key's calls with `key-id`, `limit`
 * rows (1–100, default 10), new calls appearing while the page is shown, each
 * call's detail with its request id. Empty, it shows how to make a first call.
 * Registering it costs the first screen next to nothing: all it renders is a
 * chunk, fetched when the element is first drawn.
 *
 * Attributes and events: ELEMENTS['flex-request-log'] in ../descriptors.ts (README's tables and
 * dist/custom-elements.json are made from it).
 * Against a server without request logs: "This server does not keep request logs."
 */
import { lazyScreen } from '../../components/chunk/lazyScreen'
import { createFlexElement } from '../create-element'

/** @internal The screen behind the element, for tests. */
export const LazyRequestLogScreen = lazyScreen(() => import('./RequestLogScreen').then((m) => m.RequestLogScreen))

export const FlexRequestLogElement = createFlexElement(LazyRequestLogScreen, 'flex-request-log')
