/**
 * What each element is to a host page: its tag and the attributes it
 * observes. From here come the r2wc props (create-element.tsx) and the
 * HTMLElementTagNameMap and HTMLElementEventMap typings (index.ts); the
 * rest of each element's description (what it renders, the attributes'
 * types, defaults and docs, its events, the CSS custom properties) is in
 * element-docs.ts.
 *
 * A new element is its entry in ELEMENTS and in ELEMENT_DOCS, plus the docs
 * of any attribute or event it brings (the types demand each of them).
 */
import type { FlexEventMap } from '../events'

/** Every attribute, by its property name (r2wc observes `apiBase` as `api-base`). All are strings. */
export type AttributeName =
  | 'apiBase'
  | 'router'
  | 'theme'
  | 'docsUrl'
  | 'quickstartUrl'
  | 'sidebar'
  | 'forgotPasswordUrl'
  | 'profileUrl'
  | 'settingsUrl'
  | 'signupUrl'
  | 'loginUrl'
  | 'projectId'
  | 'sessionUrl'
  | 'hostSignIn'
  | 'productName'
  | 'envPrefix'
  | 'headingLevel'
  | 'invitationUrl'
  | 'keyId'
  | 'limit'

export type FlexEventName = keyof FlexEventMap

/** What the runtime needs of an element: the attributes r2wc observes. */
export interface ElementDescriptor {
  readonly attributes: readonly AttributeName[]
}

export const ELEMENTS = {
  'flex-portal': {
    attributes: [
      'apiBase',
      'router',
      'theme',
      'docsUrl',
      'quickstartUrl',
      'sidebar',
      'forgotPasswordUrl',
      'profileUrl',
      'settingsUrl',
      'sessionUrl',
      'hostSignIn',
      'productName',
      'envPrefix',
      'headingLevel',
      'invitationUrl',
    ],
  },
  'flex-login': {
    attributes: ['apiBase', 'router', 'theme', 'forgotPasswordUrl', 'signupUrl', 'sessionUrl', 'hostSignIn', 'productName', 'envPrefix', 'headingLevel'],
  },
  'flex-signup': {
    attributes: ['apiBase', 'router', 'theme', 'forgotPasswordUrl', 'loginUrl', 'sessionUrl', 'hostSignIn', 'productName', 'envPrefix', 'headingLevel'],
  },
  'flex-projects': {
    attributes: [
      'apiBase',
      'router',
      'theme',
      'docsUrl',
      'quickstartUrl',
      'sidebar',
      'profileUrl',
      'settingsUrl',
      'sessionUrl',
      'hostSignIn',
      'productName',
      'envPrefix',
      'headingLevel',
    ],
  },
  'flex-project-detail': { attributes: ['apiBase', 'router', 'theme', 'projectId', 'sessionUrl', 'hostSignIn', 'productName', 'envPrefix', 'headingLevel'] },
  'flex-snippet': { attributes: ['apiBase', 'theme', 'sessionUrl', 'hostSignIn', 'productName', 'envPrefix', 'headingLevel'] },
  'flex-webhooks': { attributes: ['apiBase', 'theme', 'projectId', 'sessionUrl', 'hostSignIn', 'productName', 'envPrefix', 'headingLevel'] },
  'flex-request-log': {
    attributes: ['apiBase', 'theme', 'projectId', 'keyId', 'limit', 'sessionUrl', 'hostSignIn', 'productName', 'envPrefix', 'headingLevel'],
  },
} as const satisfies Record<`flex-${string}`, ElementDescriptor>

export type FlexTag = keyof typeof ELEMENTS

/** The attributes of one element, as the properties of its instances. */
export type AttributesOf<T extends FlexTag> = { [K in (typeof ELEMENTS)[T]['attributes'][number]]?: string }
