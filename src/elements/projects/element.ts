/**
 * <flex-projects>: the dashboard (sidebar, user menu, projects table, dialogs).
 *
 * Attributes: api-base, router, docs-url, quickstart-url, profile-url, settings-url,
 *   theme (dark | light | auto), sidebar (none: the links move into the header).
 * Properties: snippets (host templates `{ label, template }[]`, tabs in the reveal dialogs).
 * Events: flex-project-created, flex-signed-out, flex-navigate (cancelable).
 */
import { createFlexElement } from '../create-element'
import { ProjectsScreen } from './ProjectsScreen'

export const FlexProjectsElement = createFlexElement(ProjectsScreen)
