import { FlexLoginElement } from './elements/login/element'
import { FlexPortalElement } from './elements/portal/element'
import { FlexProjectDetailElement } from './elements/project-detail/element'
import { FlexProjectsElement } from './elements/projects/element'
import { FlexSignupElement } from './elements/signup/element'
import { FlexSnippetElement } from './elements/snippet/element'
import { FlexWebhooksElement } from './elements/webhooks/element'
import { FlexRequestLogElement } from './elements/request-log/element'

export const FLEX_ELEMENTS = {
  'flex-portal': FlexPortalElement,
  'flex-login': FlexLoginElement,
  'flex-signup': FlexSignupElement,
  'flex-projects': FlexProjectsElement,
  'flex-project-detail': FlexProjectDetailElement,
  'flex-snippet': FlexSnippetElement,
  'flex-webhooks': FlexWebhooksElement,
  'flex-request-log': FlexRequestLogElement,
} as const

/**
 * Registers the elements. Safe to call again, and safe when another copy
 * of the bundle got there first (a page with two script tags).
 */
export function defineFlexElements(registry: CustomElementRegistry = customElements): void {
  for (const [tag, element] of Object.entries(FLEX_ELEMENTS)) {
    if (!registry.get(tag)) registry.define(tag, element)
  }
}
