import { createContext, useContext } from 'react'
import type { CodeSource } from '../store/host-session'

export interface ElementConfig {
  /** The custom element itself: events are dispatched on it. */
  host: HTMLElement
  /** Its shadow root: dialogs and menus are portalled here. */
  root: ShadowRoot
  apiBase: string
  /** `product-name`, checked (src/brand.ts): the name in the texts that carry it. */
  productName: string
  /** `env-prefix`, checked: the variable names of "Copy as .env" and `{{env}}`. */
  envPrefix: string
  /** The level of the element's top heading (`heading-level`, 1–6, default 2); the others follow from it. */
  headingLevel: number
  /** `sidebar="none"`: the host has its own navigation; the header keeps the links. */
  noSidebar: boolean
  /** Host-supplied addresses, already checked by safeUrl (undefined = inert). */
  urls: {
    docs?: string
    quickstart?: string
    forgotPassword?: string
    profile?: string
    settings?: string
    signup?: string
    login?: string
  }
  /**
   * The host's own snippet templates (the `snippets` property) as the host gave
   * them: the reveal dialogs check them (readSnippets) and show them as tabs,
   * so the first screen does not carry the check.
   */
  snippets?: unknown
  /** Where a sign-in by the host gets its code (`fetchSessionCode`, else `session-url`); none: the element's own log-in. */
  hostSession?: CodeSource
}

export const ElementContext = createContext<ElementConfig | null>(null)

/** The element's configuration: every screen renders inside an element (create-element.tsx provides it). */
export const useElement = (): ElementConfig => useContext(ElementContext)!
