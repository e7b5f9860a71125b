import { plural } from '../plural'
import type { Locale } from '../types'

const projects_ = (lang: string, count: number) => plural(lang, count, { one: '# project', other: '# projects' })

/**
 * English texts of the dashboard <flex-projects>: its heading, the projects
 * table, the add dialog and 'API Information' after a create. The spec's texts, exactly.
 */
export const projects = {
  'projects.heading': ({ product }: { product: string }) => `Your ${product} Projects`,
  'projects.add': '+ Add New Project',
  'projects.haveCode': 'Have an invitation code?',
  'projects.loadFailed': 'Your projects could not be loaded.',
  'projects.loading': 'Loading projects…',
  'projects.empty.heading': 'No projects yet',
  'projects.empty.text': 'Create your first project to get an API key and start building.',
  'projects.empty.action': 'Create your first project',
  'projects.search': 'Search projects',
  /** "12 projects", under the search. */
  'projects.count': ({ count }: { count: number }, { lang }: Locale) => projects_(lang, count),
  /** "3 of 12 projects" while a search filters the table. */
  'projects.matching': ({ count, total }: { count: number; total: number }, { lang }: Locale) => `${count.toLocaleString(lang)} of ${projects_(lang, total)}`,
  'projects.region': 'Projects',
  'projects.caption': 'Your projects',
  'projects.column.name': 'Project Name',
  'projects.column.id': 'Project ID',
  'projects.column.description': 'Project Description',
  'projects.column.created': 'Date Created',
  'projects.column.status': 'Status',
  'projects.noMatch': 'No projects match your search.',
  'projects.untitled': 'Untitled project',
  'projects.add.title': 'Add new project',
  'projects.add.name': 'Project Name',
  'projects.add.description': 'Project Description',
  'projects.add.cancel': 'Cancel',
  'projects.add.pending': 'Adding…',
  'projects.add.submit': 'Add',
  'projects.created.title': 'API Information',
  'projects.created.apiKey': 'API Key',
  'projects.created.apiProjectId': 'API Project ID',
  'projects.created.projectId': 'Project ID',
  'projects.created.webhookSecret': 'Webhook Secret',
  'projects.created.exit': 'Exit',
  /** A project's status ACTIVE as a badge says it (any other status is shown as the server sends it). */
  'projects.status.active': 'Active',
}
