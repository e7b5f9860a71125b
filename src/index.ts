/** ES module entry: `import { defineFlexElements } from 'flex-portal'`. */
export { defineFlexElements, FLEX_ELEMENTS } from './define'
export { FlexPortalElement } from './elements/portal/element'
export { FlexLoginElement } from './elements/login/element'
export { FlexSignupElement } from './elements/signup/element'
export { FlexProjectsElement } from './elements/projects/element'
export { FlexProjectDetailElement } from './elements/project-detail/element'
export { FlexSnippetElement } from './elements/snippet/element'
export { FlexWebhooksElement } from './elements/webhooks/element'
export { FlexRequestLogElement } from './elements/request-log/element'
export type { FlexEventMap } from './events'
export type { AccessData, Project, ProjectSummary, KeyMap } from './api/types'

export type { AttributeName, AttributesOf, FlexTag } from './elements/descriptors'

import type { HostSnippet } from './components/snippets/host-snippets'
import type { AttributesOf, FlexTag } from './elements/descriptors'
import type { FlexEventMap } from './events'

/** Any of the elements' instances: an HTMLElement with its own attributes as properties (FlexTagNameMap). */
export type FlexElement = FlexTagNameMap[FlexTag]

export type FlexProjectDetailElementInstance = FlexTagNameMap['flex-project-detail']

/** Each tag's instances, with the attributes that element takes (descriptors.ts) and the properties every one does. */
export type FlexTagNameMap = {
  [T in FlexTag]: HTMLElement & AttributesOf<T> & WithProperties & (T extends 'flex-portal' | 'flex-projects' | 'flex-project-detail' ? WithSnippets : unknown)
}

/** The properties of every element (docs/embedding.md): properties only, never attributes. */
export interface WithProperties {
  /** Host sign-in: resolves with a single-use code your backend got from POST /api/sessions (docs/host-sign-in.md). */
  fetchSessionCode?: () => Promise<unknown>
  /** Your own texts, by message id, `{name}` for a parameter (docs/languages.md). */
  strings?: Record<string, string>
}

export type { HostSnippet } from './components/snippets/host-snippets'

/** The host's own snippet templates: tabs in the reveal dialogs of flex-portal, flex-projects and flex-project-detail. */
export interface WithSnippets {
  snippets?: HostSnippet[]
}

/** Each event as a host page receives it. */
export type FlexHTMLEventMap = { [K in keyof FlexEventMap]: CustomEvent<FlexEventMap[K]> }

declare global {
  // Merged into the DOM's own maps: createElement('flex-login') and
  // addEventListener('flex-key-created', …) are typed from the descriptors.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface HTMLElementTagNameMap extends FlexTagNameMap {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface HTMLElementEventMap extends FlexHTMLEventMap {}
  // The events bubble and are composed: one listener on the document (or the window) hears every element's.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface DocumentEventMap extends FlexHTMLEventMap {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface WindowEventMap extends FlexHTMLEventMap {}
}
