// The API's shapes come from the schema contract the server validates and
// documents with. Type-only imports: no schema library enters the bundle
// (ESLint refuses a value import from contract/ in the widget).
import type { AccessData as ServedAccess, CreatedProject, KeyEntry, KeyMap, Project as ServedProject, ProjectSummary } from '../../contract/responses'

/** A project as a list shows it (ProjectSummary); `role`, the reader's in it, only from a server with teams. */
export type { KeyMap, ProjectSummary } from '../../contract/responses'
export type { LogInInput, NewProjectInput, SignUpInput } from '../../contract/requests'

/** The sign-up / log-in response body, stored as-is (a spec-only server may send other fields). Only accessToken is read. */
export type AccessData = Pick<ServedAccess, 'accessToken'> & { [field: string]: unknown }

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
