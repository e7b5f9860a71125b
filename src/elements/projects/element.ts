/**
 * <flex-projects>: the dashboard (sidebar, user menu, projects table, dialogs).
 *
 * Attributes and events: ELEMENTS['flex-projects'] in ../descriptors.ts (README's tables and
 * dist/custom-elements.json are made from it).
 * Properties: snippets (host templates `{ label, template }[]`, tabs in the reveal dialogs).
 */
import { createFlexElement } from '../create-element'
import { ProjectsScreen } from './ProjectsScreen'

export const FlexProjectsElement = createFlexElement(ProjectsScreen, 'flex-projects')
