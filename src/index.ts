/** ES module entry: `import { defineFlexElements } from 'flex-portal'`. */
export { defineFlexElements, FLEX_ELEMENTS } from './define'
export { FlexPortalElement } from './elements/portal/element'
export { FlexLoginElement } from './elements/login/element'
export { FlexSignupElement } from './elements/signup/element'
export { FlexProjectsElement } from './elements/projects/element'
export { FlexProjectDetailElement } from './elements/project-detail/element'
export type { FlexEventMap } from './events'
export type { AccessData, Project, ProjectSummary, KeyMap } from './api/types'

/** The element instances: an HTMLElement with the attributes as properties. */
export interface FlexElement extends HTMLElement {
  apiBase?: string
  docsUrl?: string
  quickstartUrl?: string
  router?: string
  forgotPasswordUrl?: string
  profileUrl?: string
  settingsUrl?: string
}

export interface FlexProjectDetailElementInstance extends FlexElement {
  projectId?: string
}

declare global {
  interface HTMLElementTagNameMap {
    'flex-portal': FlexElement
    'flex-login': FlexElement
    'flex-signup': FlexElement
    'flex-projects': FlexElement
    'flex-project-detail': FlexProjectDetailElementInstance
  }
  interface HTMLElementEventMap {
    'flex-signed-in': CustomEvent<import('./events').FlexEventMap['flex-signed-in']>
    'flex-signed-out': CustomEvent<import('./events').FlexEventMap['flex-signed-out']>
    'flex-project-created': CustomEvent<import('./events').FlexEventMap['flex-project-created']>
    'flex-key-created': CustomEvent<import('./events').FlexEventMap['flex-key-created']>
    'flex-key-deleted': CustomEvent<import('./events').FlexEventMap['flex-key-deleted']>
    'flex-navigate': CustomEvent<import('./events').FlexEventMap['flex-navigate']>
  }
}
