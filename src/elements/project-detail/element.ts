/**
 * <flex-project-detail>: one project and its API keys.
 *
 * Attributes and events: ELEMENTS['flex-project-detail'] in ../descriptors.ts (README's tables and
 * dist/custom-elements.json are made from it).
 * Properties: snippets (host templates `{ label, template }[]`, tabs in the reveal dialogs).
 * Without a project: "Choose a project to see its keys."
 */
import { createFlexElement } from '../create-element'
import { ProjectDetailScreen } from './ProjectDetailScreen'

export const FlexProjectDetailElement = createFlexElement(ProjectDetailScreen, 'flex-project-detail')
