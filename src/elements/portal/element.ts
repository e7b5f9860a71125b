/**
 * <flex-portal>: the whole product, a router over the route table with guards.
 *
 * Attributes and events: ELEMENTS['flex-portal'] in ../descriptors.ts (README's tables and
 * dist/custom-elements.json are made from it).
 * Properties: snippets (host templates `{ label, template }[]`, tabs in the reveal dialogs).
 */
import { createFlexElement } from '../create-element'
import { PortalScreen } from './PortalScreen'

export const FlexPortalElement = createFlexElement(PortalScreen, 'flex-portal')
