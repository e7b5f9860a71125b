/**
 * <flex-project-detail>: one project and its API keys.
 *
 * Attributes: project-id (else the `projectid` query of the hash), api-base, router,
 *   theme (dark | light | auto). Without a project: "Choose a project to see its keys."
 * Properties: snippets (host templates `{ label, template }[]`, tabs in the reveal dialogs).
 * Events: flex-key-created, flex-key-deleted, flex-key-rolled, flex-key-updated, flex-signed-out (a 401), flex-navigate (cancelable).
 */
import { createFlexElement } from '../create-element'
import { ProjectDetailScreen } from './ProjectDetailScreen'

export const FlexProjectDetailElement = createFlexElement(ProjectDetailScreen, { projectId: 'string' })
