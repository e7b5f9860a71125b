/**
 * <flex-portal>: the whole product, a router over the route table with guards.
 *
 * Attributes: api-base (default /api), router (hash | memory), docs-url,
 *   quickstart-url, forgot-password-url, profile-url, settings-url.
 * Events: flex-navigate (cancelable), flex-signed-in, flex-signed-out,
 *   flex-project-created, flex-key-created, flex-key-deleted, flex-key-rolled,
 *   flex-key-updated.
 */
import { createFlexElement } from '../create-element'
import { PortalScreen } from './PortalScreen'

export const FlexPortalElement = createFlexElement(PortalScreen)
