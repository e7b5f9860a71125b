/** ES module entry: `import { defineFlexElements } from 'flex-portal'`. */
export { defineFlexElements, FLEX_ELEMENTS } from './define'
export { FlexPortalElement } from './elements/portal/element'
export { FlexLoginElement } from './elements/login/element'
export { FlexSignupElement } from './elements/signup/element'
export { FlexProjectsElement } from './elements/projects/element'
export { FlexProjectDetailElement } from './elements/project-detail/element'
export { FlexSnippetElement } from './elements/snippet/element'
export type { FlexEventMap } from './events'
export type { AccessData, Project, ProjectSummary, KeyMap } from './api/types'

import type { CommonAttributes } from './elements/create-element'
import type { FlexEventMap } from './events'

/** The element instances: an HTMLElement with the attributes as properties. */
export interface FlexElement extends HTMLElement, CommonAttributes {}

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
    'flex-signed-in': CustomEvent<FlexEventMap['flex-signed-in']>
    'flex-signed-out': CustomEvent<FlexEventMap['flex-signed-out']>
    'flex-project-created': CustomEvent<FlexEventMap['flex-project-created']>
    'flex-key-created': CustomEvent<FlexEventMap['flex-key-created']>
    'flex-key-deleted': CustomEvent<FlexEventMap['flex-key-deleted']>
    'flex-navigate': CustomEvent<FlexEventMap['flex-navigate']>
    'flex-key-rolled': CustomEvent<FlexEventMap['flex-key-rolled']>
    'flex-key-updated': CustomEvent<FlexEventMap['flex-key-updated']>
  }
}

export type { HostSnippet } from './elements/snippet/host-snippets'
import type { HostSnippet } from './elements/snippet/host-snippets'

export interface FlexElement {
  /** The host's own snippet templates: tabs in the reveal dialogs of flex-portal, flex-projects and flex-project-detail. */
  snippets?: HostSnippet[]
}

declare global {
  interface HTMLElementTagNameMap {
    'flex-snippet': FlexElement
  }
}
