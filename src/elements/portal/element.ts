/**
 * <flex-portal>: the whole product, a router over the route table with guards.
 *
 * Attributes: api-base (default /api), router (hash | memory; memory keeps
 *   its route for the tab), docs-url, quickstart-url (default: api-base/docs),
 *   forgot-password-url, profile-url, settings-url, theme (dark | light | auto),
 *   sidebar (none: the links move into the header).
 * Properties: snippets (host templates `{ label, template }[]`, tabs in the reveal dialogs).
 * Events: flex-navigate (cancelable), flex-signed-in, flex-signed-out,
 *   flex-project-created, flex-key-created, flex-key-deleted, flex-key-rolled,
 *   flex-key-updated.
 */
import { createFlexElement } from '../create-element'
import { PortalScreen } from './PortalScreen'

export const FlexPortalElement = createFlexElement(PortalScreen)
