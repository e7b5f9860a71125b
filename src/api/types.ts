// The API's shapes come from the schema contract the server validates and
// documents with. Type-only imports: no schema library enters the bundle
// (ESLint refuses a value import from contract/ in the widget).
import type { CreatedProject, KeyEntry, KeyMap, Project as ServedProject, ProjectSummary as ServedSummary } from '../../contract/responses'
import type { Role } from './roles'

export type { KeyMap } from '../../contract/responses'

/** A project as a list shows it; `role`, the reader's in it, only from a server with teams. */
export type ProjectSummary = ServedSummary & { role?: Role }
export type { LogInInput, NewProjectInput, SignUpInput } from '../../contract/requests'

/** The sign-up / log-in response body, stored as-is. Only accessToken is read. */
export interface AccessData {
  accessToken: string
  [field: string]: unknown
}

/** A key as the server lists it (servers beyond the spec only): never the key itself. */
export type KeyInfo = KeyEntry

/** A project as the widget reads it, from this server or one with only the spec's calls. */
export type Project = ProjectSummary & {
  apiKey: KeyMap
  /** Absent from a server with only the spec's calls: the key table and its actions then hide. */
  keys?: ServedProject['keys']
  keyLimit?: ServedProject['keyLimit']
  /** Present only in the create response. */
  webhookSecret?: CreatedProject['webhookSecret']
}
