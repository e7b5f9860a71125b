import { plural } from '../plural'
import type { Locale } from '../types'

/**
 * English texts of one project's page <flex-project-detail> (but its keys and
 * usage, which have their own): the header, Project Information, Edit project
 * and the danger zone. `{name}` in a host's text marks where the project's
 * name goes (it is laid out on its own, in its own direction).
 */
export const project = {
  'project.none': 'Choose a project to see its keys.',
  'project.back': 'Back to Dashboard',
  'project.title': 'Project',
  'project.untitled': 'Untitled project',
  'project.loading': 'Loading project…',
  'project.loadFailed': 'This project could not be loaded.',
  'project.notFound.title': 'Project not found',
  'project.notFound.heading': 'Project not found.',
  'project.notFound.text': 'It may have been deleted, or the link is wrong.',
  'project.viewOnly': 'You have view-only access',
  'project.noAccess.title': 'No access to this project',
  'project.noAccess.heading': 'You no longer have access to this project.',
  'project.noAccess.text': 'You may have been removed from it, or it was deleted. Ask its owner or an admin to invite you again if you need it.',
  'project.deleted.title': 'Project deleted',
  'project.deleted.text': ({ name }: { name: string }) => `${name} was deleted, with its API keys.`,
  'project.edit': 'Edit project',
  'project.edit.title': 'Edit project',
  'project.edit.save': 'Save',
  'project.edit.pending': 'Saving…',
  'project.edit.name': 'Project name',
  'project.edit.description': 'Project description',
  'project.info.heading': 'Project Information',
  'project.info.name': 'Name',
  'project.info.id': 'Project ID',
  'project.info.copyId': 'Copy Project ID',
  'project.info.created': 'Date created',
  'project.info.status': 'Status',
  'project.info.description': 'Project Description',
  'project.info.keyIds': 'API Project IDs',
  'project.info.noKeys': 'None yet. Use Create above to make a key.',
  'project.info.fewer': 'Show fewer',
  /** The button that shows the API Project IDs not listed yet. */
  'project.info.more': ({ count }: { count: number }, { lang }: Locale) => `+${count.toLocaleString(lang)} more`,
  'project.danger.heading': 'Danger zone',
  'project.danger.text': 'Deleting this project deletes its API keys and webhooks. Anything using its keys stops working at once.',
  'project.delete.heading': 'Delete project',
  'project.delete.pending': 'Deleting…',
  /** `keys`: how many API keys go with it. */
  'project.delete.what': ({ name, keys }: { name: string; keys: number }, { lang }: Locale) =>
    `${name} and its ${plural(lang, keys, { one: 'API key', other: 'API keys' })} will be deleted for good. Anything using them stops working at once.`,
  'project.delete.confirm': ({ name }: { name: string }) => `To confirm, type ${name} below.`,
  'project.delete.field': 'Project name',
  'project.delete.mismatch': ({ name }: { name: string }) => `Project name does not match: type ${name} exactly.`,
}
